// `npm run check`: lint, format, typecheck, OpenAPI drift and migration drift, each reported
// as passed or failed with what to do about it, then one line "check: N passed, N failed".
// `node scripts/check.mjs lint format` runs only the named checks; `--report=file.json`
// writes the counts for scripts/test-all.mjs.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const server = path.join(root, 'apps', 'server');

function run(cmd, args, cwd = root) {
  const result = spawnSync(cmd, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 * 1024 * 1024 });
  return { ok: result.status === 0, output: `${result.stdout ?? ''}${result.stderr ?? ''}${result.error ? String(result.error) : ''}`.trim() };
}

const failure = (hint, output) => ({ ok: false, hint, output });

/**
 * drizzle-kit has no schema-against-migrations check (`drizzle-kit check` only finds clashing
 * snapshots), so generate from the schema into a copy of the migrations: a new file, or a
 * question about a rename, means the schema has changes no migration holds.
 */
function migrationDrift() {
  const consistent = run(bin('drizzle-kit'), ['check'], server);
  if (!consistent.ok || !consistent.output.includes("Everything's fine"))
    return failure('the migration snapshots clash (two migrations from one parent?): regenerate the newer one', consistent.output);
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'starlit-drift-'));
  try {
    const out = path.join(scratch, 'migrations');
    fs.cpSync(path.join(server, 'src', 'db', 'migrations'), out, { recursive: true });
    const before = new Set(fs.readdirSync(out));
    // drizzle-kit prefixes "./" to the out folder, so the config sits beside it and names it relatively
    const config = path.join(scratch, 'drizzle.config.mjs');
    const schema = path.join(server, 'src', 'db', 'schema', 'index.ts');
    fs.writeFileSync(config, `export default ${JSON.stringify({ dialect: 'postgresql', schema, out: './migrations', casing: 'snake_case' })};\n`);
    // drizzle-kit answers 0 even when it fails, so only its own "nothing to migrate" counts as no drift
    const generated = run(bin('drizzle-kit'), ['generate', `--config=${config}`], scratch);
    const added = fs.readdirSync(out).filter((name) => !before.has(name));
    if (added.length === 0 && generated.output.includes('No schema changes')) return { ok: true };
    const sql = added.map((name) => fs.readFileSync(path.join(out, name), 'utf8')).join('\n');
    return failure('apps/server/src/db/schema differs from the committed migrations: run npm run db:generate and commit the migration', sql || generated.output);
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

const checks = {
  lint() {
    const r = run(bin('biome'), ['lint', '--error-on-warnings', '--max-diagnostics=50', '.']);
    return r.ok ? r : failure('fix the findings above (npx biome lint --write applies the safe fixes)', r.output);
  },
  format() {
    const r = run(bin('biome'), ['format', '--reporter=summary', '.']);
    return r.ok ? r : failure('files above are not formatted: run npm run format', r.output);
  },
  typecheck() {
    for (const project of ['packages/contract', 'apps/server', 'apps/web', 'e2e', 'bench']) {
      const r = run(bin('tsc'), ['-p', project]);
      if (!r.ok) return failure(`type errors in ${project}`, r.output);
    }
    return { ok: true };
  },
  openapi() {
    const r = run(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/openapi.ts', '--check']);
    return r.ok ? r : failure('the OpenAPI document drifted from the contract', r.output);
  },
  migrations: migrationDrift,
};

const args = process.argv.slice(2);
const report = args.find((a) => a.startsWith('--report='))?.slice('--report='.length);
const wanted = args.filter((a) => !a.startsWith('--'));
const unknown = wanted.filter((name) => !(name in checks));
if (unknown.length) {
  console.error(`unknown check ${unknown.join(', ')}; the checks are ${Object.keys(checks).join(', ')}`);
  process.exit(2);
}

let passed = 0;
let failed = 0;
for (const name of wanted.length ? wanted : Object.keys(checks)) {
  const started = performance.now();
  const result = checks[name]();
  const took = `${((performance.now() - started) / 1000).toFixed(1)} s`;
  if (result.ok) {
    passed++;
    console.log(`✓ ${name} (${took})`);
  } else {
    failed++;
    if (result.output) console.log(result.output);
    console.log(`✗ ${name} (${took}): ${result.hint}`);
  }
}

console.log(`check: ${passed} passed, ${failed} failed`);
if (report) fs.writeFileSync(report, JSON.stringify({ passed, failed }));
process.exitCode = failed > 0 ? 1 : 0;
