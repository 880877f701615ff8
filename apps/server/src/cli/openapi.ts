import fs from 'node:fs';
import path from 'node:path';
import { OPENAPI_FILE, openApiText } from '../openapi.ts';

const relative = path.relative(process.cwd(), OPENAPI_FILE);

// --check compares instead of writing, so `npm run check` fails when the committed document drifts from the contract
if (process.argv.includes('--check')) {
  const committed = fs.existsSync(OPENAPI_FILE) ? fs.readFileSync(OPENAPI_FILE, 'utf8') : '';
  if (committed !== openApiText()) {
    console.error(`${relative} is out of date: run npm run openapi and commit it`);
    process.exit(1);
  }
  console.log(`${relative} matches the contract`);
} else {
  fs.mkdirSync(path.dirname(OPENAPI_FILE), { recursive: true });
  fs.writeFileSync(OPENAPI_FILE, openApiText());
  console.log(`wrote ${relative}`);
}
