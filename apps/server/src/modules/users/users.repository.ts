import { isUniqueViolation } from '../../db/unique-violation.ts';
import { and, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { userIdentities, users } from '../../db/schema/index.ts';
import { withoutSearchDoc } from '../../db/search.ts';
import { decodeScoreCursor, toScoredPage } from '../../platform/pagination.ts';
import { notBlocked } from '../../platform/policy.ts';

export type UserRow = Omit<typeof users.$inferSelect, 'searchDoc'>;

/** The fields a user changes on their profile. */
export type UserPatch = Partial<Pick<typeof users.$inferInsert, 'userName' | 'gender' | 'birthday' | 'hideWorks' | 'avatar'>>;

const userColumns = withoutSearchDoc(getTableColumns(users));

export function usersRepository(db: Db) {
  return {
    async byId(id: string, tx: Db | Tx = db): Promise<UserRow | null> {
      const [row] = await tx.select(userColumns).from(users).where(eq(users.id, id));
      return row ?? null;
    },
    async byName(userName: string, tx: Db | Tx = db): Promise<UserRow | null> {
      const [row] = await tx.select(userColumns).from(users).where(sql`lower(${users.userName}) = lower(${userName})`);
      return row ?? null;
    },
    /** Users whose name contains `text` (case-insensitive, LIKE wildcards taken literally), names starting with it first. */
    async search(text: string, limit: number): Promise<UserRow[]> {
      const pattern = text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
      return db
        .select(userColumns)
        .from(users)
        .where(sql`lower(${users.userName}) like ${`%${pattern}%`}`)
        .orderBy(sql`lower(${users.userName}) like ${`${pattern}%`} desc`, sql`lower(${users.userName})`)
        .limit(limit);
    },
    /**
     * One page of users whose name matches a search text (docs/search.md), best match first,
     * then newest, without people blocked either way with the viewer. (`search` above is the
     * admins' substring lookup.)
     */
    async searchPeople(q: string, viewerId: string | null, cursor: string | undefined, limit: number) {
      const after = decodeScoreCursor(cursor);
      const page = after ? sql`where (s.score, s.at, s.id) < (${after.score}::real, ${after.at.toISOString()}::timestamptz, ${after.id}::uuid)` : sql``;
      const result = await db.execute<{ id: string; at: string | Date; user_name: string; avatar: string | null; score: number | string }>(sql`
        select * from (
          select ${users.id} as id, ${users.createdAt} as at, ${users.userName} as user_name, ${users.avatar} as avatar, ts_rank(${users.searchDoc}, q.query, 1) as score
          from ${users}, starlit_search_query(${q}) q(query)
          where ${users.searchDoc} @@ q.query and ${notBlocked(viewerId, users.id)}) s
        ${page} order by s.score desc, s.at desc, s.id desc limit ${limit + 1}`);
      const rows = result.rows.map((r) => ({ id: r.id, at: new Date(r.at), userName: r.user_name, avatar: r.avatar, score: Number(r.score) }));
      return toScoredPage(rows, limit, (r) => ({ score: r.score, at: r.at, id: r.id }));
    },
    /** Inserts a user; null when the name is taken (case-insensitive). */
    async insert(values: typeof users.$inferInsert, tx: Db | Tx = db): Promise<UserRow | null> {
      const [row] = await tx.insert(users).values(values).onConflictDoNothing().returning(userColumns);
      return row ?? null;
    },
    /**
     * Changes a user's profile fields; null when a new name is already someone else's
     * (case-insensitive; the unique index decides when two take it at once).
     */
    async updateProfile(id: string, patch: UserPatch): Promise<UserRow | null> {
      try {
        const [row] = await db.update(users).set(patch).where(eq(users.id, id)).returning(userColumns);
        return row ?? null;
      } catch (error) {
        if (isUniqueViolation(error)) return null;
        throw error;
      }
    },
    /** Moderation's mute (docs/moderation.md): no publishing or commenting until then; null lifts it. */
    async setMutedUntil(id: string, until: Date | null, tx: Db | Tx = db) {
      await tx.update(users).set({ mutedUntil: until }).where(eq(users.id, id));
    },
    async setRole(id: string, role: 'user' | 'admin') {
      await db.update(users).set({ role }).where(eq(users.id, id));
    },
    async admins(): Promise<UserRow[]> {
      return db.select(userColumns).from(users).where(eq(users.role, 'admin')).orderBy(sql`lower(${users.userName})`);
    },
    async promoteByNames(names: string[]) {
      if (names.length === 0) return;
      await db
        .update(users)
        .set({ role: 'admin' })
        .where(
          inArray(
            sql`lower(${users.userName})`,
            names.map((n) => n.toLowerCase()),
          ),
        );
    },
    async byIdentity(issuer: string, subject: string): Promise<UserRow | null> {
      const [row] = await db
        .select({ user: users })
        .from(userIdentities)
        .innerJoin(users, eq(users.id, userIdentities.userId))
        .where(and(eq(userIdentities.issuer, issuer), eq(userIdentities.subject, subject)));
      return row?.user ?? null;
    },
    async linkIdentity(issuer: string, subject: string, userId: string, tx: Db | Tx = db) {
      await tx.insert(userIdentities).values({ issuer, subject, userId }).onConflictDoNothing();
    },
  };
}

export type UsersRepository = ReturnType<typeof usersRepository>;
