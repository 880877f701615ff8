import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { usersRepository } from '../modules/users/users.repository.ts';
import { locate } from './locate.ts';

const USAGE = `Manage Starlit administrators.

Usage (from the project folder):
  npm run admin -- grant <username>    make a user an administrator
  npm run admin -- revoke <username>   make an administrator a regular user again
  npm run admin -- list                list the administrators

It uses the same database as the server: DATABASE_URL when set, otherwise the embedded
database in DATA_DIR/db (default ./data/db).`;

async function run(args: string[]): Promise<number> {
  const [command, userName, ...extra] = args;
  if (command === 'help' || command === '--help') {
    console.log(USAGE);
    return 0;
  }
  const valid = command === 'list' ? !userName : (command === 'grant' || command === 'revoke') && Boolean(userName);
  if (!valid || extra.length > 0) {
    console.error(`${command ? `Not understood: ${args.join(' ')}` : 'No command given.'}\n\n${USAGE}`);
    return 2;
  }

  const config = loadConfig();
  const located = locate(config);
  if ('problem' in located) {
    console.error(located.problem);
    return 1;
  }
  const { where } = located;
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.dbDir });
  try {
    const users = usersRepository(database.db);
    if (command === 'list') {
      const admins = await users.admins();
      console.log(
        admins.length ? `Administrators in ${where}:\n${admins.map((u) => `  ${u.userName}`).join('\n')}` : `No administrators in ${where}.\nMake one with: npm run admin -- grant <username>`,
      );
      return 0;
    }
    const user = await users.byName(userName ?? '');
    if (!user) {
      console.error(`No user named "${userName}" in ${where}. Names match regardless of case; the person must have signed up first.`);
      return 1;
    }
    const role = command === 'grant' ? 'admin' : 'user';
    const described = role === 'admin' ? 'an administrator' : 'a regular user';
    if (user.role === role) {
      console.log(`${user.userName} is already ${described}.`);
    } else {
      await users.setRole(user.id, role);
      console.log(`${user.userName} is now ${described} (${where}).`);
    }
    if (role === 'user' && config.adminUsers.some((n) => n.toLowerCase() === user.userName.toLowerCase())) {
      console.log(`Note: ${user.userName} is listed in ADMIN_USERS, so the server makes them an administrator again when it starts.`);
    }
    return 0;
  } finally {
    // closing also releases PGlite's folder for the server
    await database.close();
  }
}

process.exitCode = await run(process.argv.slice(2));
