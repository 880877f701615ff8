import { setTimeout as sleep } from 'node:timers/promises';
import {
  DAILY_TASK_LIMITS,
  DAILY_TASK_POINTS,
  DAILY_TASK_PRICES,
  DAILY_TASK_TYPES,
  ErrorCode,
  type CallInput,
  type calls,
  type DailyTask,
  type DailyTaskForm,
  type DailyTaskType,
  type Language,
} from '@starlit/contract';
import { formatDay } from '@starlit/contract/rules';
import type { z } from 'zod';
import type { Db, Handle, Tx } from '../../db/client.ts';
import type { TaskPipeline, TaskStar } from '../../ai/tasks/task-run.ts';
import { StepFailedError } from '../../ai/tasks/task-run.ts';
import { taskTitle } from '../../ai/tasks/title.ts';
import type { JobContext, SettledStatus } from '../../jobs/define-job.ts';
import type { JobRow } from '../../jobs/queue.ts';
import type { Bus } from '../../platform/bus.ts';
import { AppError } from '../../platform/errors.ts';
import { decodeCursor, toPage } from '../../platform/pagination.ts';
import { authorizeOwner } from '../../platform/policy.ts';
import type { Storage } from '../../platform/storage.ts';
import { chargeFrom } from '../ledger/charge.ts';
import { fingerprintOf, type Books, type LedgerService } from '../ledger/ledger.service.ts';
import type { TaskWork } from '../works/works.service.ts';
import type { TaskJobPayload } from './daily-tasks.jobs.ts';
import { dailyTasksRepository, type DailyTaskRow } from './daily-tasks.repository.ts';
import { normalizedForm, publishTime } from './daily-tasks.form.ts';
import { presentTask } from './daily-tasks.presenter.ts';
import { taskPublisher } from './task-publisher.ts';
import { taskRunner } from './task-runner.ts';

type CreateInput = CallInput<typeof calls.dailyTasks.create>;

/** The job system's calls the daily tasks use, for their two kinds of job. */
export interface DailyTaskJobs {
  run(tx: Tx, payload: TaskJobPayload): Promise<JobRow>;
  publishAt(tx: Handle, payload: TaskJobPayload, delayMs: number): Promise<JobRow>;
  get(id: string): Promise<JobRow | null>;
  cancel(id: string): Promise<boolean>;
  wake(): void;
}

/** What a task's star is read from, and whether the person may use it. */
export interface TaskStars {
  /** Refuses an agent the person may not star (not theirs and not public and published, or blocked). */
  check(tx: Tx, userId: string, agentId: string): Promise<void>;
  /** The agent as pipelines read it in `userId`'s task; null when it is gone. */
  load(agentId: string, lang: Language, userId: string): Promise<TaskStar | null>;
  /** Names and pictures of agents, for the task list (deleted ones too: a finished task keeps its star). */
  cards(ids: string[]): Promise<Map<string, { name: string; avatar: string | null }>>;
}

export interface DailyTasksDeps {
  db: Db;
  ledger: LedgerService;
  jobs: DailyTaskJobs;
  storage: Storage;
  bus: Bus;
  pipelines: Record<DailyTaskType, TaskPipeline>;
  stars: TaskStars;
  /** Checks a dance's chosen song is one the person may use; answers its storage key. */
  songKey(h: Handle, userId: string, song: Exclude<NonNullable<DailyTaskForm['song']>, { source: 'compose' }>): Promise<string>;
  /** The share card of a finished task, from its cover picture. */
  card(input: { cover: Buffer | null; title: string; byline: string; kind: string }): Promise<Buffer>;
  promptWords: { assertAllowed(text: string, lang: Language): Promise<void> };
  works: {
    /** Publishes once per task: null when the task has a work already (its id is then `workOf`'s). */
    publishTask(userId: string, work: TaskWork): Promise<string | null>;
    workOfTask(taskId: string): Promise<string | null>;
  };
  /** A pause before the pipeline (CREATION_DELAY_MS), for demos and the reload test. */
  delayMs: number;
  log?: { error(details: object, message: string): void };
  now?: () => number;
}

/** The steps a comic_to_video takes from one of the person's comics instead of making them. */
const COMIC_STEPS = ['script', 'panels', 'lettering'];

/**
 * Daily AI tasks (docs/daily-tasks.md): a form becomes a finished piece starring an agent. A
 * task is accepted in one ledger request under the client's key (hold, row and job in one
 * transaction), runs its pipeline step by step with each step's output kept, and ends once:
 * done posts the hold and pays the points; failed and cancelled void it. Publishing follows:
 * at once, or at its time by a delayed job, exactly once (one work per task).
 */
export function dailyTasksService(deps: DailyTasksDeps) {
  const { db, ledger, jobs, storage, bus } = deps;
  const repo = dailyTasksRepository(db);
  const now = deps.now ?? Date.now;

  async function presentAll(rows: DailyTaskRow[], lang: Language): Promise<DailyTask[]> {
    // one read of the steps of the whole page, not one a task
    const [steps, agents] = await Promise.all([repo.stepsOf(rows.map((r) => r.id)), deps.stars.cards([...new Set(rows.flatMap((r) => (r.agentId ? [r.agentId] : [])))])]);
    return rows.map((row) => presentTask(row, steps.get(row.id) ?? [], row.agentId ? agents.get(row.agentId) : undefined, lang, storage));
  }

  const presentOne = async (row: DailyTaskRow, lang: Language) => (await presentAll([row], lang))[0]!;

  const owned = async (userId: string, id: string) => authorizeOwner(userId, await repo.byId(id), (r) => r.ownerId, ErrorCode.DAILY_TASK_NOT_FOUND);

  const push = (row: DailyTaskRow) => bus.publish(row.ownerId, { type: 'daily_task', taskId: row.id, state: row.state, progress: row.progress });
  const { publish, recordWork } = taskPublisher({ repo, works: deps.works, storage, push });
  const execute = taskRunner({ ...deps, repo, storage, push });

  /** Refuses a sixth scheduled publish while five wait (SPEC §9, 9007). */
  async function assertScheduleRoom(h: Handle, userId: string, except?: string) {
    if ((await dailyTasksRepository(h).scheduledCount(userId, except)) >= DAILY_TASK_LIMITS.scheduledPending) throw new AppError(ErrorCode.DAILY_TASK_SCHEDULE_FULL);
  }

  /**
   * The checks of a run that hold in the charging transaction, under the person's lock: one task
   * generating at a time (another type: 9003, SPEC §4; the same: 9004), the type's allowance today
   * (9002), room for a schedule, and what the form names (its star, its song, its comic).
   */
  async function checkRun(tx: Tx, userId: string, asked: DailyTaskForm, day: string, taskId?: string): Promise<DailyTaskForm> {
    let form = asked;
    const t = dailyTasksRepository(tx);
    await t.lockOwner(userId);
    const running = await t.generating(userId);
    if (running) throw new AppError(running.type === form.type ? ErrorCode.DAILY_TASK_BUSY : ErrorCode.DAILY_TASK_SWITCH);
    if (((await t.usedOn(userId, day)).get(form.type) ?? 0) >= DAILY_TASK_LIMITS.perTypePerDay) throw new AppError(ErrorCode.DAILY_TASK_LIMIT);
    if (form.publishType === 'scheduled') await assertScheduleRoom(tx, userId, taskId);
    if (form.song && form.song.source !== 'compose') await deps.songKey(tx, userId, form.song);
    if (form.comicTaskId) {
      const comic = await t.byId(form.comicTaskId);
      if (comic?.ownerId !== userId || comic.type !== 'text_to_comic' || comic.state !== 'done') throw new AppError(ErrorCode.DAILY_TASK_COMIC_NOT_FOUND);
      // the video of a comic stars the comic's star: its panels show it and its name is on the lines
      if (comic.agentId && comic.agentId !== form.agentId) form = { ...form, agentId: comic.agentId };
    }
    if (form.agentId) await deps.stars.check(tx, userId, form.agentId);
    return form;
  }

  /** Holds the type's price in counts or diamonds (8001 with neither). */
  async function holdPrice(books: Books, userId: string, taskId: string, form: DailyTaskForm) {
    const charge = chargeFrom(await books.balances(userId), DAILY_TASK_PRICES[form.type]);
    if (!charge) throw new AppError(ErrorCode.LEDGER_INSUFFICIENT);
    const hold = await books.hold({
      from: { user: userId },
      to: { system: 'generation_fees' },
      currency: charge.currency,
      amount: charge.amount,
      kind: 'daily_task',
      memo: { taskId, type: form.type, orderId: taskId },
    });
    return { charge, hold };
  }

  async function replayOf(userId: string, key: string, operation: string, fingerprinted: unknown, lang: Language) {
    const outcome = await ledger.replay<{ id: string }>(userId, key, fingerprintOf(operation, fingerprinted));
    const row = outcome ? await repo.byId(outcome.id) : null;
    return row ? { ...(await presentOne(row, lang)), replayed: true } : null;
  }

  /** Ends a generating task and settles its hold, both once; done also pays the points and schedules the publish. */
  async function settle(id: string, state: 'done' | 'failed' | 'cancelled', change: Partial<Pick<DailyTaskRow, 'files' | 'facts' | 'title' | 'text' | 'errorCode'>> = {}, jobId?: string) {
    const ended = await ledger.within(undefined, async (books) => {
      const t = dailyTasksRepository(books.tx);
      const points = state === 'done' ? DAILY_TASK_POINTS[(await t.byId(id))?.type as DailyTaskType] : 0;
      const row = await t.end(id, { state, ...change, ...(state === 'done' ? { progress: 100, points } : { publishState: 'unpublished' }) }, jobId);
      if (!row) return null;
      if (state === 'done') {
        await books.post(row.holdId);
        await books.move({ from: { system: 'bonus' }, to: { user: row.ownerId }, currency: 'MSS', amount: points, kind: 'daily_task_points', memo: { taskId: row.id, type: row.type } });
        if (row.form.publishType === 'scheduled' && row.publishAt) {
          // a time that passed while the task ran (or failed and was retried) publishes at once
          const job = await jobs.publishAt(books.tx, { taskId: row.id }, Math.max(0, row.publishAt.getTime() - now()));
          return (await t.setPublish(row.id, ['waiting'], { publishState: 'scheduled', publishJobId: job.id })) ?? row;
        }
        // a schedule cancelled while the task ran: the result stays unpublished
        if (row.form.publishType === 'scheduled') return (await t.setPublish(row.id, ['waiting'], { publishState: 'unpublished' })) ?? row;
      } else await books.void(row.holdId);
      return row;
    });
    if (ended) await push(ended);
    return ended;
  }

  return {
    async overview(userId: string, lang: Language) {
      const day = formatDay(now());
      const [used, today, scheduled, generating, waiting] = await Promise.all([
        repo.usedOn(userId, day),
        repo.today(userId, day),
        repo.scheduled(userId),
        repo.generating(userId),
        repo.scheduledCount(userId),
      ]);
      return {
        day,
        types: DAILY_TASK_TYPES.map((type) => ({
          type,
          prices: [
            { currency: 'CAC' as const, amount: DAILY_TASK_PRICES[type].CAC },
            { currency: 'JE' as const, amount: DAILY_TASK_PRICES[type].JE },
          ],
          points: DAILY_TASK_POINTS[type],
          allowance: DAILY_TASK_LIMITS.perTypePerDay,
          left: Math.max(0, DAILY_TASK_LIMITS.perTypePerDay - (used.get(type) ?? 0)),
        })),
        scheduledRemaining: Math.max(0, DAILY_TASK_LIMITS.scheduledPending - waiting),
        generating: generating ? await presentOne(generating, lang) : null,
        today: await presentAll(today, lang),
        scheduled: await presentAll(scheduled, lang),
      };
    },

    async create(userId: string, input: CreateInput, lang: Language) {
      const { key, ...rest } = input;
      const asked: DailyTaskForm = { ...rest, forward: rest.forward ?? [] };
      const again = await replayOf(userId, key, 'daily_task.create', asked, lang);
      if (again) return again;
      const tidy = normalizedForm(asked, now());
      await deps.promptWords.assertAllowed(`${tidy.description}\n${tidy.introduction}`, lang);
      const day = formatDay(now());
      try {
        const { outcome, replayed } = await ledger.run(userId, key, fingerprintOf('daily_task.create', asked), async (books) => {
          const form = await checkRun(books.tx, userId, tidy, day);
          const id = crypto.randomUUID();
          const { charge, hold } = await holdPrice(books, userId, id, form);
          const job = await jobs.run(books.tx, { taskId: id });
          const t = dailyTasksRepository(books.tx);
          await t.insert({
            id,
            ownerId: userId,
            type: form.type,
            form,
            agentId: form.agentId ?? null,
            day,
            title: taskTitle(form.description),
            costCurrency: charge.currency,
            costAmount: charge.amount,
            holdId: hold.id,
            jobId: job.id,
            publishAt: form.publishAt ? new Date(form.publishAt) : null,
          });
          if (form.comicTaskId) await t.copySteps(form.comicTaskId, id, COMIC_STEPS);
          return { id };
        });
        if (!replayed) jobs.wake();
        return { ...(await presentOne((await repo.byId(outcome.id))!, lang)), replayed };
      } catch (error) {
        throw shortOfBalance(error);
      }
    },

    /** A failed or cancelled task runs again from its first step without a kept output, under a new hold. */
    async retry(userId: string, id: string, key: string, lang: Language) {
      const row = await owned(userId, id);
      const again = await replayOf(userId, key, 'daily_task.retry', { id }, lang);
      if (again) return again;
      if (row.state !== 'failed' && row.state !== 'cancelled') throw new AppError(ErrorCode.DAILY_TASK_NOT_RETRYABLE);
      // a schedule whose time is gone, or that was cancelled, does not need one of the five places again
      const waits = row.form.publishType === 'scheduled' && row.publishAt !== null && row.publishAt.getTime() - now() >= DAILY_TASK_LIMITS.scheduleMinMs;
      const form: DailyTaskForm = waits ? row.form : { ...row.form, publishType: 'immediate' };
      const day = formatDay(now());
      try {
        const { replayed } = await ledger.run(userId, key, fingerprintOf('daily_task.retry', { id }), async (books) => {
          await checkRun(books.tx, userId, form, day, id);
          const { charge, hold } = await holdPrice(books, userId, id, form);
          const job = await jobs.run(books.tx, { taskId: id });
          if (!(await dailyTasksRepository(books.tx).restart(id, { holdId: hold.id, costCurrency: charge.currency, costAmount: charge.amount, jobId: job.id, day }))) {
            throw new AppError(ErrorCode.DAILY_TASK_NOT_RETRYABLE);
          }
          return { id };
        });
        if (!replayed) jobs.wake();
        return { ...(await presentOne((await repo.byId(id))!, lang)), replayed };
      } catch (error) {
        throw shortOfBalance(error);
      }
    },

    async get(userId: string, id: string, lang: Language) {
      return presentOne(await owned(userId, id), lang);
    },

    async list(userId: string, input: z.output<typeof calls.dailyTasks.list.input>, lang: Language) {
      const page = toPage(await repo.page(userId, { type: input.type, state: input.state }, decodeCursor(input.cursor), input.limit), input.limit, (r) => ({ at: r.createdAt, id: r.id }));
      return { items: await presentAll(page.items, lang), nextCursor: page.nextCursor };
    },

    /** Stops a generating task and releases its whole hold; the steps it finished stay for a retry. */
    async cancel(userId: string, id: string, lang: Language) {
      const row = await owned(userId, id);
      const ended = row.state === 'generating' ? await settle(id, 'cancelled', { errorCode: ErrorCode.DAILY_TASK_CANCELLED }) : null;
      if (!ended) throw new AppError(ErrorCode.DAILY_TASK_NOT_GENERATING);
      if (ended.jobId) await jobs.cancel(ended.jobId);
      return presentOne(ended, lang);
    },

    /**
     * Sets the publish time of a task whose publish has not fired: a scheduled one (its job is
     * replaced by one at the new time), one still generating with a schedule, or a finished one
     * left unpublished (scheduled anew, which needs room among the five waiting).
     */
    async reschedule(userId: string, id: string, at: string, lang: Language) {
      await owned(userId, id);
      const time = publishTime(at, now());
      const oldJob = await db.transaction(async (tx) => {
        const t = dailyTasksRepository(tx);
        await t.lockOwner(userId);
        const current = (await t.byId(id))!;
        const generating = current.state === 'generating' && current.publishState === 'waiting' && current.publishAt !== null;
        const finished = current.state === 'done' && (current.publishState === 'scheduled' || current.publishState === 'unpublished');
        if (!generating && !finished) throw new AppError(ErrorCode.DAILY_TASK_NOT_SCHEDULED);
        if (current.publishState === 'unpublished') await assertScheduleRoom(tx, userId);
        const job = finished ? await jobs.publishAt(tx, { taskId: id }, time.getTime() - now()) : null;
        const updated = await t.setPublish(id, [current.publishState], { publishAt: time, ...(job ? { publishState: 'scheduled', publishJobId: job.id } : {}) });
        if (!updated) throw new AppError(ErrorCode.DAILY_TASK_NOT_SCHEDULED);
        return current.publishJobId;
      });
      if (oldJob) await jobs.cancel(oldJob);
      jobs.wake();
      const row = (await repo.byId(id))!;
      await push(row);
      return presentOne(row, lang);
    },

    /** Cancels a scheduled publish before it fires (also while the task still generates): the result stays the person's, unpublished. */
    async unschedule(userId: string, id: string, lang: Language) {
      const row = await owned(userId, id);
      if (!row.publishAt) throw new AppError(ErrorCode.DAILY_TASK_NOT_SCHEDULED);
      const updated = await repo.setPublish(id, row.state === 'generating' ? ['waiting'] : ['scheduled'], { publishState: 'unpublished', publishAt: null, publishJobId: null });
      if (!updated) throw new AppError(ErrorCode.DAILY_TASK_NOT_SCHEDULED);
      if (row.publishJobId) await jobs.cancel(row.publishJobId);
      await push(updated);
      return presentOne(updated, lang);
    },

    /** Publishes a finished task now: one never published, whose schedule was cancelled, or whose work was deleted since. */
    async publishNow(userId: string, id: string, lang: Language) {
      const row = await owned(userId, id);
      const workGone = row.publishState === 'published' && (await deps.works.workOfTask(id)) === null;
      if (row.state !== 'done' || (row.publishState === 'published' && !workGone)) throw new AppError(ErrorCode.DAILY_TASK_NOT_PUBLISHABLE);
      const claimed = await repo.setPublish(row.id, ['unpublished', 'scheduled', 'waiting', 'published'], { publishState: 'published', publishJobId: null, workId: null });
      const published = claimed ? await recordWork(claimed, true) : null;
      if (!published) throw new AppError(ErrorCode.DAILY_TASK_NOT_PUBLISHABLE);
      if (row.publishJobId) await jobs.cancel(row.publishJobId);
      return presentOne(published, lang);
    },

    /** One attempt of a task's job; a task that ended meanwhile (cancelled) is left as it is. */
    async run(payload: TaskJobPayload, ctx: JobContext) {
      const row = await repo.byId(payload.taskId);
      if (row?.state !== 'generating') return { skipped: true };
      await repo.cause(row.id, null);
      for (let step = 1; deps.delayMs > 0 && step <= 5; step++) {
        await sleep(deps.delayMs / 5, undefined, { signal: ctx.signal });
        await repo.progress(row.id, step);
      }
      let result: Awaited<ReturnType<typeof execute>>;
      try {
        result = await execute(row, ctx);
      } catch (error) {
        // a step's engine failing is "Generation failed"; anything else (storage, the database) is the server's
        if (error instanceof StepFailedError && !ctx.signal.aborted) await repo.cause(row.id, ErrorCode.DAILY_TASK_GENERATION_FAILED);
        throw error;
      }
      const done = await settle(row.id, 'done', { files: result.files, facts: result.facts, title: result.title, text: result.text }, ctx.jobId);
      if (done?.form.publishType === 'immediate') await publish(done, ['waiting']);
      return { done: done !== null };
    },

    /** After an attempt: one that failed for good, or a job cancelled, ends the task and releases its hold (unless the job lives on elsewhere). */
    async settled(payload: TaskJobPayload, status: SettledStatus, jobId: string) {
      if (status !== 'failed' && status !== 'cancelled') return;
      const job = await jobs.get(jobId);
      if (job && job.status !== 'failed' && job.status !== 'cancelled') return;
      // only this job's run: a retry since has a job of its own
      await settle(payload.taskId, 'failed', {}, jobId);
    },

    /** A scheduled publish's job at its time: publishes once, if it is still this job's to do. */
    async publishScheduled(payload: TaskJobPayload, ctx: JobContext) {
      const row = await repo.byId(payload.taskId);
      if (row?.publishState !== 'scheduled' || row.publishJobId !== ctx.jobId) return { skipped: true };
      return { published: (await publish(row, ['scheduled'], ctx.jobId)) !== null };
    },

    /**
     * What a process that died may have left (run at start and every minute): generating tasks
     * whose job is over fail and are refunded; finished tasks to publish at once that were not;
     * scheduled publishes whose job is gone get a new one at their time.
     */
    async reconcile() {
      let fixed = 0;
      // one row that cannot be fixed now is logged and left for the next pass; the others go on
      const each = async (rows: DailyTaskRow[], fix: (row: DailyTaskRow) => Promise<unknown>) => {
        for (const row of rows) {
          try {
            if (await fix(row)) fixed++;
          } catch (error) {
            deps.log?.error({ err: error, taskId: row.id }, 'daily task reconcile failed for a task');
          }
        }
      };
      await each(await repo.generatingAll(), async (row) => {
        const job = row.jobId ? await jobs.get(row.jobId) : null;
        const over = !job || job.status === 'failed' || job.status === 'cancelled' || job.status === 'done';
        return over && settle(row.id, 'failed', {}, row.jobId ?? undefined);
      });
      await each(await repo.unpublishedImmediate(), (row) => publish(row, ['waiting']));
      await each(await repo.publishedWithoutWork(), (row) => recordWork(row));
      await each(await repo.scheduledAll(), async (row) => {
        const job = row.publishJobId ? await jobs.get(row.publishJobId) : null;
        if (job && (job.status === 'queued' || job.status === 'running')) return false;
        const fresh = await jobs.publishAt(db, { taskId: row.id }, Math.max(0, (row.publishAt?.getTime() ?? now()) - now()));
        // only while the schedule is still the one read: a move meanwhile has its own job
        if (await repo.setPublish(row.id, ['scheduled'], { publishJobId: fresh.id }, row.publishJobId)) return true;
        await jobs.cancel(fresh.id);
        return false;
      });
      return fixed;
    },
  };
}

/** Diamonds short when counts were short too: the person is short of balance, with recharge offered (8001). */
function shortOfBalance(error: unknown): unknown {
  return error instanceof AppError && error.code === ErrorCode.LEDGER_INSUFFICIENT_DIAMOND ? new AppError(ErrorCode.LEDGER_INSUFFICIENT) : error;
}

export type DailyTasksService = ReturnType<typeof dailyTasksService>;
