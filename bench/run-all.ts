// Runs every benchmark and writes its JSON result to bench/results/<name>.json.
import fs from 'node:fs';
import path from 'node:path';
import { callOverhead } from './call-overhead.ts';
import { chat } from './chat.ts';
import { feed } from './feed.ts';
import { jobs } from './jobs.ts';
import { ledgerBench } from './ledger.ts';
import { live } from './live.ts';
import { tasks } from './tasks.ts';

const benches = { 'call-overhead': callOverhead, chat, jobs, feed, ledger: ledgerBench, tasks, live };
const only = process.argv.slice(2);
const out = path.join(import.meta.dirname, 'results');
fs.mkdirSync(out, { recursive: true });

for (const [name, run] of Object.entries(benches)) {
  if (only.length && !only.includes(name)) continue;
  const result = await run();
  const file = path.join(out, `${name}.json`);
  fs.writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  console.log(JSON.stringify({ bench: name, ...result }, null, 2));
}
