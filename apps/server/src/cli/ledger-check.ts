import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { ledgerService } from '../modules/ledger/ledger.service.ts';
import { locate } from './locate.ts';

/**
 * npm run ledger:check: verifies every invariant of the books (docs/economy.md) on the server's
 * database and prints the offending rows as JSON; exits 1 when any is broken, 0 when the
 * books are right, 2 when the database cannot be opened.
 */
async function run(): Promise<number> {
  const config = loadConfig();
  const located = locate(config);
  if ('problem' in located) {
    console.error(located.problem);
    return 2;
  }
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.dbDir });
  try {
    const violations = await ledgerService({ db: database.db }).violations();
    console.log(JSON.stringify({ database: located.where, ok: violations.length === 0, violations }, null, 2));
    return violations.length === 0 ? 0 : 1;
  } finally {
    await database.close();
  }
}

process.exitCode = await run();
