import fs from 'node:fs';
import path from 'node:path';
import { OPENAPI_FILE, openApiText } from '../openapi.ts';

fs.mkdirSync(path.dirname(OPENAPI_FILE), { recursive: true });
fs.writeFileSync(OPENAPI_FILE, openApiText());
console.log(`wrote ${OPENAPI_FILE}`);
