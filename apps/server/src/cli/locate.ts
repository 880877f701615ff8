import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.ts';

/** Where the data is, or why it cannot be opened now. */
export function locate(config: Config): { where: string } | { problem: string } {
  if (config.databaseUrl) {
    const url = new URL(config.databaseUrl);
    return { where: `PostgreSQL ${url.host}${url.pathname}` };
  }
  if (!fs.existsSync(path.join(config.dbDir, 'PG_VERSION'))) {
    return {
      problem: `No Starlit database in ${config.dbDir}.\nRun this from the folder you start the server from, or set DATA_DIR (or DATABASE_URL) as the server has it.`,
    };
  }
  // PGlite keeps this file while a process has the folder open; a second process would corrupt it.
  const pidFile = path.join(config.dbDir, 'postmaster.pid');
  if (fs.existsSync(pidFile)) {
    return {
      problem:
        `The embedded database in ${config.dbDir} is in use: PGlite lets only one process open it.\n` +
        'Stop the Starlit server, then run this command again.\n' +
        `If no server is running, the last one stopped abruptly: delete ${pidFile} and retry.`,
    };
  }
  return { where: `the embedded database in ${config.dbDir}` };
}
