// npm run check must fail, saying why, when a lint rule, the format, the OpenAPI document or
// a migration drifts. Each case breaks a scratch copy of the repository, never the real one.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
let copy = '';

function check(...names) {
  const run = spawnSync(process.execPath, ['scripts/check.mjs', ...names], { cwd: copy, encoding: 'utf8' });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

/** `text` with `from` replaced, failing if it is not there (the case would prove nothing). */
function replaced(text, from, to) {
  if (!text.includes(from)) throw new Error(`"${from}" is gone: update this test`);
  return text.replace(from, to);
}

/** Changes a file of the copy for the length of `body`, then puts it back. */
function withEdit(file, edit, body) {
  const full = path.join(copy, file);
  const original = fs.existsSync(full) ? fs.readFileSync(full, 'utf8') : null;
  fs.writeFileSync(full, edit(original ?? ''));
  try {
    return body();
  } finally {
    if (original === null) fs.rmSync(full);
    else fs.writeFileSync(full, original);
  }
}

beforeAll(() => {
  copy = fs.mkdtempSync(path.join(os.tmpdir(), 'starlit-check-'));
  const listed = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' });
  for (const file of listed.stdout.split('\0').filter(Boolean)) {
    if (!fs.existsSync(path.join(root, file))) continue;
    fs.mkdirSync(path.dirname(path.join(copy, file)), { recursive: true });
    fs.copyFileSync(path.join(root, file), path.join(copy, file));
  }
  fs.symlinkSync(path.join(root, 'node_modules'), path.join(copy, 'node_modules'), 'dir');
  // the copy starts formatted, as the repository is once `npm run format` has run on it
  spawnSync(path.join(root, 'node_modules', '.bin', 'biome'), ['format', '--write', '.'], { cwd: copy });
}, 60_000);

afterAll(() => {
  if (copy) fs.rmSync(copy, { recursive: true, force: true });
});

describe('npm run check', { timeout: 60_000 }, () => {
  it('passes on the repository as it is', () => {
    const { status, output } = check('lint', 'format', 'openapi', 'migrations');
    expect(output).toContain('check: 4 passed, 0 failed');
    expect(status).toBe(0);
  });

  it('fails on a lint rule', () => {
    const { status, output } = withEdit(
      'apps/server/src/check-probe.ts',
      () => 'export function probe(): number {\n  debugger;\n  return 1;\n}\n',
      () => check('lint'),
    );
    expect(output).toContain('lint/suspicious/noDebugger');
    expect(output).toMatch(/✗ lint .*fix the findings/);
    expect(output).toContain('check: 0 passed, 1 failed');
    expect(status).toBe(1);
  });

  it('fails on a format rule', () => {
    const { status, output } = withEdit(
      'apps/server/src/check-probe.ts',
      () => 'export const probe = {a:1,b:"two"}\n',
      () => check('format'),
    );
    expect(output).toContain('apps/server/src/check-probe.ts');
    expect(output).toMatch(/✗ format .*run npm run format/);
    expect(output).toContain('check: 0 passed, 1 failed');
    expect(status).toBe(1);
  });

  it('fails when the OpenAPI document drifts from the code', () => {
    const { status, output } = withEdit(
      'apps/server/src/openapi.ts',
      (text) => replaced(text, "title: 'Starlit API'", "title: 'Starlit API, renamed'"),
      () => check('openapi'),
    );
    expect(output).toContain('docs/openapi.json is out of date: run npm run openapi');
    expect(output).toMatch(/✗ openapi .*drifted/);
    expect(status).toBe(1);
  });

  it('fails when the schema has a column no migration adds', () => {
    const schema = 'apps/server/src/db/schema/users.ts';
    const { status, output } = withEdit(
      schema,
      (text) => replaced(text, "avatar: text('avatar'),", "avatar: text('avatar'),\n    probeColumn: text('probe_column'),"),
      () => check('migrations'),
    );
    expect(output).toContain('ADD COLUMN "probe_column" text');
    expect(output).toMatch(/✗ migrations .*run npm run db:generate/);
    expect(status).toBe(1);
  });
});
