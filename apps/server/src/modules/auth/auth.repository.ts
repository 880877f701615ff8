import { and, eq, gt, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { authCodes, authStates, sessions, users } from '../../db/schema/index.ts';

export type SessionKind = (typeof sessions.$inferSelect)['kind'];

export function authRepository(db: Db) {
  return {
    async insertSession(values: typeof sessions.$inferInsert) {
      await db.insert(sessions).values(values);
    },
    /** The live session of a token hash with its user, when it is of one of these kinds. */
    async liveSession(tokenHash: string, kinds: ReadonlyArray<SessionKind>) {
      const [row] = await db
        .select({ sessionId: sessions.id, expiresAt: sessions.expiresAt, userId: users.id, userName: users.userName, role: users.role, joinedAt: users.createdAt })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(eq(sessions.tokenHash, tokenHash), inArray(sessions.kind, [...kinds]), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())));
      return row ?? null;
    },
    /** Revokes a session together with the other token of the same sign-in. */
    async revokeSession(id: string) {
      const sameSignIn = sql`${sessions.signInId} = (select s.sign_in_id from ${sessions} s where s.id = ${id})`;
      const rows = await db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(and(or(eq(sessions.id, id), sameSignIn), isNull(sessions.revokedAt)))
        .returning({ id: sessions.id });
      return rows.length;
    },
    async revokeUserSessions(userId: string) {
      const rows = await db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
        .returning({ id: sessions.id });
      return rows.length;
    },
    async insertCode(values: typeof authCodes.$inferInsert) {
      await db.insert(authCodes).values(values);
    },
    /** Marks a live code used and returns it; a second use or an expired code gets null. */
    async consumeCode(codeHash: string) {
      const [row] = await db
        .update(authCodes)
        .set({ usedAt: new Date() })
        .where(and(eq(authCodes.codeHash, codeHash), isNull(authCodes.usedAt), gt(authCodes.expiresAt, new Date())))
        .returning();
      return row ?? null;
    },
    async insertState(values: typeof authStates.$inferInsert) {
      await db.insert(authStates).values(values);
    },
    async consumeState(state: string) {
      const [row] = await db
        .update(authStates)
        .set({ usedAt: new Date() })
        .where(and(eq(authStates.state, state), isNull(authStates.usedAt), gt(authStates.expiresAt, new Date())))
        .returning();
      return row ?? null;
    },
    /** Drops spent and expired codes, states and sessions. */
    async sweep() {
      const now = new Date();
      await db.delete(authCodes).where(or(lt(authCodes.expiresAt, now), isNotNull(authCodes.usedAt)));
      await db.delete(authStates).where(lt(authStates.expiresAt, now));
      await db.delete(sessions).where(lt(sessions.expiresAt, now));
    },
  };
}

export type AuthRepository = ReturnType<typeof authRepository>;
