import { and, count, desc, eq, inArray, isNull, ne, notInArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { dailyTasks, dailyTaskSteps } from '../../db/schema/daily-tasks.ts';
import { afterCursor, type Cursor } from '../../platform/pagination.ts';

export type DailyTaskRow = typeof dailyTasks.$inferSelect;
export type NewDailyTask = typeof dailyTasks.$inferInsert;
export type DailyTaskStepRow = typeof dailyTaskSteps.$inferSelect;

/** Where daily tasks keep their step outputs and results in storage: `tasks/<owner>/<task>/…`. */
export const TASKS_FOLDER = 'tasks/';

export function dailyTasksRepository(db: Db | Tx) {
  return {
    async insert(row: NewDailyTask): Promise<DailyTaskRow> {
      const [made] = await db.insert(dailyTasks).values(row).returning();
      return made!;
    },

    async byId(id: string): Promise<DailyTaskRow | null> {
      const [row] = await db.select().from(dailyTasks).where(eq(dailyTasks.id, id));
      return row ?? null;
    },

    /** Serialises one person's task requests until the transaction ends (allowance, switching, schedules). */
    async lockOwner(ownerId: string) {
      await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`daily-task:${ownerId}`}, 0))`);
    },

    /** The person's task generating now, if any. */
    async generating(ownerId: string): Promise<DailyTaskRow | null> {
      const [row] = await db
        .select()
        .from(dailyTasks)
        .where(and(eq(dailyTasks.ownerId, ownerId), eq(dailyTasks.state, 'generating')))
        .limit(1);
      return row ?? null;
    },

    /** Tasks of each type the person ran on `day` that count against the allowance (not failed, not cancelled). */
    async usedOn(ownerId: string, day: string): Promise<Map<string, number>> {
      const rows = await db
        .select({ type: dailyTasks.type, n: count() })
        .from(dailyTasks)
        .where(and(eq(dailyTasks.ownerId, ownerId), eq(dailyTasks.day, day), notInArray(dailyTasks.state, ['failed', 'cancelled'])))
        .groupBy(dailyTasks.type);
      return new Map(rows.map((r) => [r.type, r.n]));
    },

    /** Publishes waiting: scheduled ones and those that will be scheduled when they finish. */
    async scheduledCount(ownerId: string, except?: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(dailyTasks)
        .where(
          and(
            eq(dailyTasks.ownerId, ownerId),
            sql`(${dailyTasks.publishState} = 'scheduled' or (${dailyTasks.publishState} = 'waiting' and ${dailyTasks.state} = 'generating' and ${dailyTasks.publishAt} is not null))`,
            except ? ne(dailyTasks.id, except) : undefined,
          ),
        );
      return row?.n ?? 0;
    },

    async today(ownerId: string, day: string): Promise<DailyTaskRow[]> {
      return db
        .select()
        .from(dailyTasks)
        .where(and(eq(dailyTasks.ownerId, ownerId), eq(dailyTasks.day, day)))
        .orderBy(desc(dailyTasks.createdAt));
    },

    async scheduled(ownerId: string): Promise<DailyTaskRow[]> {
      return db
        .select()
        .from(dailyTasks)
        .where(and(eq(dailyTasks.ownerId, ownerId), eq(dailyTasks.publishState, 'scheduled')))
        .orderBy(dailyTasks.publishAt);
    },

    /** Progress of a generating task; committed without waiting for the disk, as the studio's (it only informs). */
    async progress(id: string, progress: number): Promise<DailyTaskRow | null> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`set local synchronous_commit = off`);
        const [row] = await tx
          .update(dailyTasks)
          .set({ progress })
          .where(and(eq(dailyTasks.id, id), eq(dailyTasks.state, 'generating')))
          .returning();
        return row ?? null;
      });
    },

    /** Why the current attempt failed, kept for when the task ends. */
    async cause(id: string, errorCode: number | null) {
      await db
        .update(dailyTasks)
        .set({ errorCode })
        .where(and(eq(dailyTasks.id, id), eq(dailyTasks.state, 'generating')));
    },

    /**
     * Ends a generating task: null when it had ended already, so whoever ends it settles its hold,
     * once. With `jobId`, only the run of that job is ended: an attempt that outlived its job (a
     * cancel and a retry since) cannot end the next run.
     */
    async end(id: string, change: Partial<NewDailyTask> & { state: 'done' | 'failed' | 'cancelled' }, jobId?: string): Promise<DailyTaskRow | null> {
      const [row] = await db
        .update(dailyTasks)
        .set({ ...change, finishedAt: new Date() })
        .where(and(eq(dailyTasks.id, id), eq(dailyTasks.state, 'generating'), jobId ? eq(dailyTasks.jobId, jobId) : undefined))
        .returning();
      return row ?? null;
    },

    /** Starts a failed or cancelled task again under a new hold and job: null when it is not one. */
    async restart(id: string, change: Pick<NewDailyTask, 'holdId' | 'costCurrency' | 'costAmount' | 'jobId' | 'day'>): Promise<DailyTaskRow | null> {
      const [row] = await db
        .update(dailyTasks)
        .set({ ...change, state: 'generating', errorCode: null, finishedAt: null, publishState: 'waiting' })
        .where(and(eq(dailyTasks.id, id), inArray(dailyTasks.state, ['failed', 'cancelled'])))
        .returning();
      return row ?? null;
    },

    /**
     * Changes the publishing of a task whose publishing is in `from`: null when it is not (it
     * fired, or was cancelled). With `jobId`, only while that is still the task's publish job (a
     * moved schedule's old job, or a stale reconcile, changes nothing).
     */
    async setPublish(id: string, from: DailyTaskRow['publishState'][], change: Partial<Pick<NewDailyTask, 'publishState' | 'publishAt' | 'publishJobId' | 'workId'>>, jobId?: string | null) {
      const [row] = await db
        .update(dailyTasks)
        .set(change)
        .where(
          and(eq(dailyTasks.id, id), inArray(dailyTasks.publishState, from), jobId === undefined ? undefined : jobId === null ? isNull(dailyTasks.publishJobId) : eq(dailyTasks.publishJobId, jobId)),
        )
        .returning();
      return row ?? null;
    },

    /** Finished tasks to publish at once that were not (the process ended between the two). */
    unpublishedImmediate: () =>
      db
        .select()
        .from(dailyTasks)
        .where(and(eq(dailyTasks.state, 'done'), eq(dailyTasks.publishState, 'waiting'), sql`${dailyTasks.form}->>'publishType' = 'immediate'`)),

    /** Tasks claimed as published whose work was not recorded (the process ended between the two). */
    publishedWithoutWork: () =>
      db
        .select()
        .from(dailyTasks)
        .where(and(eq(dailyTasks.publishState, 'published'), isNull(dailyTasks.workId))),

    /** Tasks still generating, of every owner (checked against their jobs at start and every minute). */
    generatingAll: () => db.select().from(dailyTasks).where(eq(dailyTasks.state, 'generating')),

    /** Scheduled publishes whose job is gone or over (checked at start, as generating tasks are). */
    scheduledAll: () => db.select().from(dailyTasks).where(eq(dailyTasks.publishState, 'scheduled')),

    page: (ownerId: string, filter: { type?: string; state?: string }, cursor: Cursor | null, limit: number) =>
      db
        .select()
        .from(dailyTasks)
        .where(
          and(
            eq(dailyTasks.ownerId, ownerId),
            filter.type ? eq(dailyTasks.type, filter.type) : undefined,
            filter.state ? eq(dailyTasks.state, filter.state as DailyTaskRow['state']) : undefined,
            afterCursor(cursor, dailyTasks.createdAt, dailyTasks.id),
          ),
        )
        .orderBy(desc(dailyTasks.createdAt), desc(dailyTasks.id))
        .limit(limit + 1),

    steps: (taskId: string) => db.select().from(dailyTaskSteps).where(eq(dailyTaskSteps.taskId, taskId)),

    /** The step rows of several tasks, by task. */
    async stepsOf(taskIds: string[]): Promise<Map<string, DailyTaskStepRow[]>> {
      const byTask = new Map<string, DailyTaskStepRow[]>();
      if (taskIds.length === 0) return byTask;
      for (const row of await db.select().from(dailyTaskSteps).where(inArray(dailyTaskSteps.taskId, taskIds))) byTask.set(row.taskId, [...(byTask.get(row.taskId) ?? []), row]);
      return byTask;
    },

    async writeStep(taskId: string, name: string, change: Pick<DailyTaskStepRow, 'state'> & Partial<Pick<DailyTaskStepRow, 'output' | 'engine' | 'ms'>>) {
      const values = { output: null, engine: null, ms: null, ...change, updatedAt: new Date() };
      await db
        .insert(dailyTaskSteps)
        .values({ taskId, name, ...values })
        .onConflictDoUpdate({ target: [dailyTaskSteps.taskId, dailyTaskSteps.name], set: values });
    },

    /** Copies another task's kept steps (a comic_to_video from an existing comic starts after its comic). */
    async copySteps(fromTaskId: string, toTaskId: string, names: string[]) {
      const rows = await db
        .select()
        .from(dailyTaskSteps)
        .where(and(eq(dailyTaskSteps.taskId, fromTaskId), inArray(dailyTaskSteps.name, names), eq(dailyTaskSteps.state, 'done')));
      if (rows.length > 0) await db.insert(dailyTaskSteps).values(rows.map((r) => ({ ...r, taskId: toTaskId, updatedAt: new Date() })));
    },

    /**
     * Which of `keys` a task still uses: a result file, or a kept step's output naming it. A key
     * `tasks/<owner>/<task>/…` is looked for in that task's rows only (a video made from a comic
     * names the comic's files, which the comic's own rows keep).
     */
    async referencedKeys(keys: string[]): Promise<Set<string>> {
      if (keys.length === 0) return new Set();
      const list = sql.join(
        keys.map((k) => sql`${k}`),
        sql`, `,
      );
      const result = await db.execute<{ key: string }>(sql`
        select k.key from unnest(array[${list}]::text[]) as k(key)
        where exists (select 1 from ${dailyTasks} t where t.id::text = split_part(k.key, '/', 3)
                        and t.files @> jsonb_build_array(jsonb_build_object('key', k.key)))
           or exists (select 1 from ${dailyTaskSteps} s where s.task_id::text = split_part(k.key, '/', 3)
                        and strpos(s.output::text, to_jsonb(k.key)::text) > 0)`);
      return new Set(result.rows.map((r) => r.key));
    },
  };
}

export type DailyTasksRepository = ReturnType<typeof dailyTasksRepository>;
