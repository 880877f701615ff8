import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { creations } from '../../db/schema/creation.ts';
import { afterCursor, type Cursor } from '../../platform/pagination.ts';

export type CreationRow = typeof creations.$inferSelect;
export type NewCreation = typeof creations.$inferInsert;

/** Where the studio keeps its results in storage. */
export const CREATIONS_FOLDER = 'creations/';

export function creationRepository(db: Db | Tx) {
  return {
    async insert(row: NewCreation): Promise<CreationRow> {
      const [made] = await db.insert(creations).values(row).returning();
      return made!;
    },

    async byId(id: string): Promise<CreationRow | null> {
      const [row] = await db.select().from(creations).where(eq(creations.id, id));
      return row ?? null;
    },

    /** Serialises one person's creation requests until the transaction ends. */
    async lockOwner(ownerId: string) {
      await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`creation:${ownerId}`}, 0))`);
    },

    async generatingCount(ownerId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(creations)
        .where(and(eq(creations.ownerId, ownerId), eq(creations.state, 'generating')));
      return row?.n ?? 0;
    },

    /**
     * Progress of a creation still generating; nothing for one that ended. `resetCause` clears
     * the last attempt's cause in the same write (an attempt's first step). Committed without
     * waiting for the disk (synchronous_commit off): progress only informs, a crash of the
     * database may lose the last step but never a creation or its money, and the wait for the
     * disk was most of what each step cost (docs/creation.md, Benchmark).
     */
    async progress(id: string, progress: number, stage: string, change: { engine?: string; resetCause?: boolean } = {}): Promise<CreationRow | null> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`set local synchronous_commit = off`);
        const [row] = await tx
          .update(creations)
          .set({ progress, stage, ...(change.engine ? { engine: change.engine } : {}), ...(change.resetCause ? { errorCode: null } : {}) })
          .where(and(eq(creations.id, id), eq(creations.state, 'generating')))
          .returning();
        return row ?? null;
      });
    },

    /** Why the current attempt failed, kept for when the creation ends (null: the server's fault). */
    async cause(id: string, errorCode: number | null) {
      await db
        .update(creations)
        .set({ errorCode })
        .where(and(eq(creations.id, id), eq(creations.state, 'generating')));
    },

    /**
     * Ends a generating creation, locking it: null when it had ended already, so whoever
     * ends it settles its hold, exactly once.
     */
    async end(id: string, change: Partial<NewCreation> & { state: 'done' | 'failed' | 'cancelled' }): Promise<CreationRow | null> {
      const [row] = await db
        .update(creations)
        .set({ ...change, finishedAt: new Date() })
        .where(and(eq(creations.id, id), eq(creations.state, 'generating')))
        .returning();
      return row ?? null;
    },

    /** Creations still generating, of every owner (checked against their jobs at start). */
    generating: () => db.select().from(creations).where(eq(creations.state, 'generating')),

    /** Which of `keys` a creation still uses: as a result file, a reference picture or a song. */
    async referencedKeys(keys: string[]): Promise<Set<string>> {
      if (keys.length === 0) return new Set();
      const list = sql.join(
        keys.map((k) => sql`${k}`),
        sql`, `,
      );
      const result = await db.execute<{ key: string }>(sql`
        select k.key from unnest(array[${list}]::text[]) as k(key)
        where exists (select 1 from ${creations} c where c.files @> jsonb_build_array(jsonb_build_object('key', k.key))
                        or c.params->>'referenceKey' = k.key or c.params->'song'->>'key' = k.key)`);
      return new Set(result.rows.map((r) => r.key));
    },

    /** A page of a person's creations, newest first (limit + 1 rows). */
    page: (ownerId: string, cursor: Cursor | null, limit: number) =>
      db
        .select()
        .from(creations)
        .where(and(eq(creations.ownerId, ownerId), afterCursor(cursor, creations.createdAt, creations.id)))
        .orderBy(desc(creations.createdAt), desc(creations.id))
        .limit(limit + 1),
  };
}

export type CreationRepository = ReturnType<typeof creationRepository>;
