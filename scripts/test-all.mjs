// Runs the test suites one after another and prints one closing line,
// "N passed, N failed", summed over every suite that ran.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, 'test-results');
fs.mkdirSync(out, { recursive: true });
const label = process.env.TEST_SUMMARY_LABEL ?? 'all';

const suites = {
  // lint, format, typecheck, OpenAPI and migration drift: each counts as one passed or failed item
  check: { cmd: ['node', 'scripts/check.mjs', `--report=${out}/${label}-check.json`], report: `${label}-check.json`, kind: 'check' },
  build: { cmd: ['npm', 'run', 'build'] },
  typecheck: { cmd: ['npm', 'run', 'typecheck'] },
  unit: { cmd: ['npx', 'vitest', 'run', '--project', 'unit', '--reporter=default', '--reporter=json', `--outputFile.json=${out}/${label}-unit.json`], report: `${label}-unit.json`, kind: 'vitest' },
  api: { cmd: ['npx', 'vitest', 'run', '--project', 'api', '--reporter=default', '--reporter=json', `--outputFile.json=${out}/${label}-api.json`], report: `${label}-api.json`, kind: 'vitest' },
  e2e: { cmd: ['npm', 'test', '-w', '@starlit/e2e'], report: `${label}-e2e.json`, kind: 'playwright', env: { PLAYWRIGHT_JSON_OUTPUT_NAME: `${out}/${label}-e2e.json` } },
};

const wanted = process.argv.slice(2);
// check includes the typecheck, so the typecheck suite runs only when named
const order = wanted.length ? wanted : ['check', 'build', 'unit', 'api', 'e2e'];
let passed = 0;
let failed = 0;
let broken = false;

function count(suite) {
  const file = path.join(out, suite.report);
  if (!fs.existsSync(file)) return null;
  const json = JSON.parse(fs.readFileSync(file, 'utf8'));
  if (suite.kind === 'vitest') return { passed: json.numPassedTests, failed: json.numFailedTests };
  if (suite.kind === 'check') return json;
  return { passed: json.stats.expected + json.stats.flaky, failed: json.stats.unexpected };
}

for (const name of order) {
  const suite = suites[name];
  if (!suite) throw new Error(`unknown suite ${name}`);
  if (suite.report) fs.rmSync(path.join(out, suite.report), { force: true });
  console.log(`\n▶ ${name}: ${suite.cmd.join(' ')}`);
  const run = spawnSync(suite.cmd[0], suite.cmd.slice(1), { cwd: root, stdio: 'inherit', env: { ...process.env, ...suite.env } });
  if (run.status !== 0) broken = true;
  if (suite.report) {
    const c = count(suite);
    if (c) {
      passed += c.passed;
      failed += c.failed;
    } else {
      broken = true;
    }
  }
  if (run.status !== 0 && name === 'build') break;
}

console.log(`\n${label}: ${passed} passed, ${failed} failed`);
process.exit(broken || failed > 0 ? 1 : 0);
