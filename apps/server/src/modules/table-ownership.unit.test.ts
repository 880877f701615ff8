import fs from 'node:fs';
import path from 'node:path';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from '../db/schema/index.ts';

/**
 * A feature reads and writes only its own tables; another feature's rows come through that
 * feature's repository or service (docs/ARCHITECTURE.md, Module shape). Every table has an
 * owner here, so a new table fails this test until someone says whose it is.
 */
const OWNER: Record<string, string | null> = {
  // shared: any feature may join users for a person's name and picture
  users: '*',
  creations: 'creation',
  dailyTasks: 'daily-tasks',
  dailyTaskSteps: 'daily-tasks',
  liveShows: 'live',
  liveEvents: 'live',
  liveMembers: 'live',
  liveGivers: 'live',
  userIdentities: 'users',
  sessions: 'auth',
  authCodes: 'auth',
  authStates: 'auth',
  systemNotices: 'notices',
  systemNoticeReads: 'notices',
  interactNotices: 'notices',
  agents: 'agents',
  skills: 'agents',
  agentSkills: 'agents',
  agentSkillTerms: 'agents',
  agentVoices: 'agents',
  agentAuditions: 'agents',
  agentCardExtras: 'cards',
  chatIdentities: 'identities',
  voices: 'voices',
  voicePurchases: 'voices',
  conversations: 'chat',
  chatMessages: 'chat',
  chatMemories: 'chat',
  works: 'works',
  workLikes: 'works',
  workCollections: 'works',
  userFollows: 'social',
  agentFollows: 'social',
  userBlocks: 'social',
  followCounts: 'social',
  // My Following written ahead; migration 0016's triggers keep it from works and follows
  followingFeed: 'social',
  ledgerAccounts: 'ledger',
  ledgerTransfers: 'ledger',
  ledgerRequests: 'ledger',
  rechargePackages: 'recharge',
  rechargeOrders: 'recharge',
  starterCoupons: 'recharge',
  redeemBatches: 'redeem',
  redeemCodes: 'redeem',
  redeemUses: 'redeem',
  exchangeRates: 'exchange',
  giftSends: 'gifts',
  giftFreeDays: 'gifts',
  checkins: 'checkin',
  storeItems: 'store',
  storeSettings: 'store',
  cartItems: 'store',
  storeOrders: 'store',
  inventory: 'store',
  comments: 'comments',
  commentLikes: 'comments',
  reports: 'reports',
  moderationActions: 'moderation',
  userStrikes: 'moderation',
  promptWords: 'moderation',
  // written by the seed; gifts reads it
  gifts: 'gifts',
  appMeta: null,
  // the job queue's own table (jobs/); avatars read their latest job from it until the job registry answers that
  jobs: 'avatars',
};

const modulesDir = import.meta.dirname;
const tables = Object.entries(schema).flatMap(([name, value]) => (is(value, PgTable) ? [{ name, sqlName: getTableName(value) }] : []));
const tableNames = tables.map((t) => t.name);
const bySqlName = new Map<string, string>(tables.map((t) => [t.sqlName, t.name]));

/** Value imports from db/schema in a source file (type-only imports name no table). */
function schemaImports(source: string): string[] {
  const names: string[] = [];
  for (const m of source.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s+from\s+'[./]*db\/schema\/[^']*'/g)) {
    if (m[1]) continue;
    for (const part of m[2].split(',')) {
      const name = part.trim();
      if (name && !name.startsWith('type ')) names.push(name.split(/\s+as\s+/)[0]);
    }
  }
  return names;
}

/** Tables named in hand-written SQL (`from agents a join users u …`), as schema export names. */
function sqlTables(source: string): string[] {
  return [...source.matchAll(/\b(?:from|join)\s+([a-z_]+)\b/g)].flatMap((m) => bySqlName.get(m[1]) ?? []);
}

/** Production files of each module; tests and their fixtures set up rows directly on purpose. */
function moduleFiles(): Array<{ feature: string; file: string }> {
  return fs
    .readdirSync(modulesDir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .flatMap((d) =>
      fs
        .readdirSync(path.join(modulesDir, d.name), { recursive: true, encoding: 'utf8' })
        .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.endsWith('.fixtures.ts'))
        .map((f) => ({ feature: d.name, file: path.join(d.name, f) })),
    );
}

describe('table ownership', () => {
  it('names an owner for every table', () => {
    expect(tableNames.filter((name) => !(name in OWNER))).toEqual([]);
  });

  it('keeps every module to its own tables (and shared ones)', () => {
    const trespasses = moduleFiles().flatMap(({ feature, file }) => {
      const source = fs.readFileSync(path.join(modulesDir, file), 'utf8');
      return [...new Set([...schemaImports(source), ...sqlTables(source)])]
        .filter((name) => OWNER[name] !== '*' && OWNER[name] !== feature)
        .map((name) => `${file} uses ${name} (owned by ${OWNER[name] ?? 'no feature'})`);
    });
    expect(trespasses).toEqual([]);
  });

  it('reads imports the way the check above relies on', () => {
    const source = `import { agents, type X, voices as v } from '../../db/schema/index.ts';\nimport type { Y } from '../../db/schema/chat.ts';`;
    expect(schemaImports(source)).toEqual(['agents', 'voices']);
    expect(sqlTables('select a.id from agents a join users u on u.id = a.owner_id')).toEqual(['agents', 'users']);
  });
});
