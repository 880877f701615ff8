import { createHash, randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { CREATION_LIMITS, CREATION_PRICES, ErrorCode, errorMessage, type CallInput, type calls, type Creation, type CreationRatio, type ErrorCodeValue, type Language } from '@starlit/contract';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { ImageModel, ImageResult } from '../../ai/image/image-model.ts';
import type { Db, Tx } from '../../db/client.ts';
import type { JobContext, SettledStatus } from '../../jobs/define-job.ts';
import type { JobRow } from '../../jobs/queue.ts';
import type { Bus } from '../../platform/bus.ts';
import { AppError } from '../../platform/errors.ts';
import { decodeCursor, toPage } from '../../platform/pagination.ts';
import { authorizeOwner } from '../../platform/policy.ts';
import type { Storage } from '../../platform/storage.ts';
import { fingerprintOf, type LedgerService } from '../ledger/ledger.service.ts';
import type { CreationJobPayload } from './creation.jobs.ts';
import { CREATIONS_FOLDER, creationRepository, type CreationRow } from './creation.repository.ts';

/** Pixel size of each ratio: about a quarter megapixel, sides multiples of 16. */
export const RATIO_SIZES: Record<CreationRatio, { width: number; height: number }> = {
  '1:1': { width: 512, height: 512 },
  '3:4': { width: 480, height: 640 },
  '4:3': { width: 640, height: 480 },
  '9:16': { width: 432, height: 768 },
  '16:9': { width: 768, height: 432 },
};

type CreateInput = CallInput<typeof calls.creation.create>;
type Settings = Pick<CreateInput, 'workflow' | 'description' | 'style' | 'ratio' | 'agentId'>;

/** The job system's calls the studio uses, for its own kind of job. */
export interface CreationJobs {
  enqueue(tx: Tx, payload: CreationJobPayload): Promise<JobRow>;
  get(id: string): Promise<JobRow | null>;
  cancel(id: string): Promise<boolean>;
  wake(): void;
}

export interface CreationDeps {
  db: Db;
  ledger: LedgerService;
  jobs: CreationJobs;
  storage: Storage;
  bus: Bus;
  imageModel: ImageModel;
  /** A pause before drawing (CREATION_DELAY_MS), reported in five steps of progress. */
  delayMs: number;
  /** The caller's own agent, or the agents feature's refusal. */
  ownedAgent(userId: string, agentId: string): Promise<unknown>;
}

/**
 * The creation studio's jobs and money (docs/creation.md, Creation jobs). A creation is
 * accepted in one ledger request under the client's key: the cost is held, the row written and
 * the job enqueued in one transaction. The job draws; whoever ends the creation (the job on
 * success, its last failed attempt, a cancel, or the start-up check of jobs a dead process
 * left) ends it once and settles the hold with it: posted when done, voided otherwise.
 */
export function creationService(deps: CreationDeps) {
  const { db, ledger, jobs, storage, bus } = deps;
  const repo = creationRepository(db);

  function present(row: CreationRow, lang: Language): Creation {
    const code = row.state === 'failed' || row.state === 'cancelled' ? ((row.errorCode ?? ErrorCode.CREATION_SERVER_FAILED) as ErrorCodeValue) : null;
    return {
      id: row.id,
      workflow: row.workflow as Creation['workflow'],
      description: row.description,
      style: row.style,
      ratio: row.ratio as CreationRatio,
      agentId: row.agentId,
      state: row.state,
      progress: row.progress,
      stage: row.stage as Creation['stage'],
      engine: row.engine,
      resultUrl: row.resultUrl,
      resultMime: row.resultMime,
      cost: { currency: row.costCurrency as 'CAC' | 'JE', amount: row.costAmount },
      error: code ? errorMessage(code, lang) : null,
      errorCode: code,
      createdAt: row.createdAt.toISOString(),
      finishedAt: row.finishedAt?.toISOString() ?? null,
    };
  }

  const owned = async (userId: string, id: string) => authorizeOwner(userId, await repo.byId(id), (r) => r.ownerId, ErrorCode.CREATION_NOT_FOUND);

  const push = (row: CreationRow) => bus.publish(row.ownerId, { type: 'creation', creationId: row.id, state: row.state, progress: row.progress, stage: row.stage });

  /** What the person would pay: counts while they have them, diamonds after; null when they have neither. */
  async function chargeFor(userId: string, price: { CAC: number; JE: number }) {
    const balances = await ledger.balances(userId);
    if (balances.CAC >= price.CAC) return { currency: 'CAC' as const, amount: price.CAC };
    if (balances.JE >= price.JE) return { currency: 'JE' as const, amount: price.JE };
    return null;
  }

  /** Accepts a creation under `key`: the hold, the row and the job, or none of them. */
  async function start(userId: string, settings: Settings, key: string, operation: string, asked: unknown, lang: Language) {
    const price = CREATION_PRICES[settings.workflow];
    if (!price) throw new AppError(ErrorCode.CREATION_NOT_AVAILABLE);
    const description = settings.description.trim();
    if (!description) throw new AppError(ErrorCode.CREATION_DESCRIPTION_REQUIRED);
    if (settings.agentId) await deps.ownedAgent(userId, settings.agentId);
    // the currency is chosen from the balances before the transaction; one spent meanwhile is refused by the hold
    const charge = await chargeFor(userId, price);
    try {
      const { outcome, replayed } = await ledger.run(userId, key, fingerprintOf(operation, asked), async (books) => {
        const tx = creationRepository(books.tx);
        // two requests of one person at once count each other's creations
        await books.tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`creation:${userId}`}, 0))`);
        if ((await tx.generatingCount(userId)) >= CREATION_LIMITS.runningPerUser) throw new AppError(ErrorCode.CREATION_TOO_MANY_RUNNING);
        if (!charge) throw new AppError(ErrorCode.LEDGER_INSUFFICIENT);
        const id = crypto.randomUUID();
        const hold = await books.hold({
          from: { user: userId },
          to: { system: 'generation_fees' },
          currency: charge.currency,
          amount: charge.amount,
          kind: 'creation',
          memo: { creationId: id, workflow: settings.workflow, orderId: id },
        });
        await tx.insert({
          id,
          ownerId: userId,
          workflow: settings.workflow,
          description,
          style: settings.style,
          ratio: settings.ratio,
          agentId: settings.agentId ?? null,
          costCurrency: charge.currency,
          costAmount: charge.amount,
          holdId: hold.id,
          engine: deps.imageModel.engine,
        });
        const job = await jobs.enqueue(books.tx, { creationId: id });
        await tx.setJob(id, job.id);
        return { id };
      });
      if (!replayed) jobs.wake();
      const row = await repo.byId(outcome.id);
      return { ...present(row!, lang), replayed };
    } catch (error) {
      // diamonds short when counts were short too: the person is short of balance, with recharge offered
      if (error instanceof AppError && error.code === ErrorCode.LEDGER_INSUFFICIENT_DIAMOND) throw new AppError(ErrorCode.LEDGER_INSUFFICIENT);
      throw error;
    }
  }

  /** Ends a generating creation and settles its hold, both once; null when it had ended already. */
  async function settle(id: string, state: 'done' | 'failed' | 'cancelled', change: { resultKey?: string; resultUrl?: string; resultMime?: string; engine?: string; errorCode?: number } = {}) {
    const ended = await ledger.within(undefined, async (books) => {
      const row = await creationRepository(books.tx).end(id, { state, ...change, ...(state === 'done' ? { progress: 100, stage: 'finished' } : {}) });
      if (!row) return null;
      if (state === 'done') await books.post(row.holdId);
      else await books.void(row.holdId);
      return row;
    });
    if (ended) await push(ended);
    return ended;
  }

  async function progress(id: string, ctx: JobContext, percent: number, stage: string) {
    await ctx.progress(percent);
    const row = await repo.progress(id, percent, stage);
    if (row) await push(row);
  }

  /** Draws a text2Img creation at its ratio's size and stores it as PNG, the original file. */
  async function drawImage(row: CreationRow, ctx: JobContext) {
    const size = RATIO_SIZES[row.ratio as CreationRatio];
    const seed = createHash('sha256').update(`${row.id}\n${row.description}\n${row.style}`).digest().readUInt32LE(0);
    await progress(row.id, ctx, 10, 'drawing');
    for (let step = 1; deps.delayMs > 0 && step <= 5; step++) {
      await sleep(deps.delayMs / 5, undefined, { signal: ctx.signal });
      await progress(row.id, ctx, 10 + step * 10, 'drawing');
    }
    let drawn: ImageResult;
    try {
      drawn = await deps.imageModel.generate({ prompt: row.description, style: row.style, ...size, seed }, ctx.signal);
    } catch (error) {
      // the engine's failure is "Generation failed"; anything after it is the server's
      await repo.cause(row.id, ErrorCode.CREATION_GENERATION_FAILED);
      throw error;
    }
    await progress(row.id, ctx, 80, 'saving');
    // an engine's answer must really be a picture, at the asked ratio whatever size it drew
    const png = await sharp(drawn.image).resize(size.width, size.height, { fit: 'cover' }).png().toBuffer();
    const key = `${CREATIONS_FOLDER}${row.ownerId}/${row.id}-${randomBytes(4).toString('hex')}.png`;
    const url = await storage.put(key, png, 'image/png');
    return { resultKey: key, resultUrl: url, resultMime: 'image/png', engine: drawn.engine };
  }

  return {
    estimate: async (userId: string | null, workflow: Settings['workflow']) => {
      const price = CREATION_PRICES[workflow];
      if (!price) throw new AppError(ErrorCode.CREATION_NOT_AVAILABLE);
      const prices = [
        { currency: 'CAC' as const, amount: price.CAC },
        { currency: 'JE' as const, amount: price.JE },
      ];
      return { workflow, prices, charge: userId ? await chargeFor(userId, price) : null };
    },

    create: (userId: string, input: CreateInput, lang: Language) => {
      const { key, ...settings } = input;
      return start(userId, settings, key, 'creation.create', settings, lang);
    },

    /** A new creation with the settings of one of the person's own, and a new charge. */
    async retry(userId: string, id: string, key: string, lang: Language) {
      const row = await owned(userId, id);
      const settings: Settings = {
        workflow: row.workflow as Settings['workflow'],
        description: row.description,
        style: row.style as Settings['style'],
        ratio: row.ratio as CreationRatio,
        agentId: row.agentId ?? undefined,
      };
      return start(userId, settings, key, 'creation.retry', { id }, lang);
    },

    get: async (userId: string, id: string, lang: Language) => present(await owned(userId, id), lang),

    async list(userId: string, input: { cursor?: string; limit: number }, lang: Language) {
      const page = toPage(await repo.page(userId, decodeCursor(input.cursor), input.limit), input.limit, (r) => ({ at: r.createdAt, id: r.id }));
      return { items: page.items.map((r) => present(r, lang)), nextCursor: page.nextCursor };
    },

    /** Stops a generating creation and releases its whole hold: nothing was made, nothing is paid. */
    async cancel(userId: string, id: string, lang: Language) {
      const row = await owned(userId, id);
      const ended = row.state === 'generating' ? await settle(id, 'cancelled', { errorCode: ErrorCode.CREATION_CANCELLED }) : null;
      if (!ended) throw new AppError(ErrorCode.CREATION_NOT_GENERATING);
      if (ended.jobId) await jobs.cancel(ended.jobId);
      return present(ended, lang);
    },

    async download(userId: string, id: string) {
      const row = await owned(userId, id);
      if (row.state !== 'done' || !row.resultKey || !row.resultMime) throw new AppError(ErrorCode.CREATION_NOT_DONE);
      return { url: storage.url(row.resultKey), mime: row.resultMime, fileName: `starlit-${row.workflow}-${row.id.slice(0, 8)}.png` };
    },

    /** One attempt of a creation's job; a creation that ended meanwhile (cancelled) is left as it is. */
    async run(payload: CreationJobPayload, ctx: JobContext) {
      const row = await repo.byId(payload.creationId);
      if (row?.state !== 'generating') return { skipped: true };
      // each attempt starts without the last one's cause
      await repo.cause(row.id, null);
      await progress(row.id, ctx, 5, 'queued');
      const result = await drawImage(row, ctx);
      const done = await settle(row.id, 'done', result);
      return { done: done !== null, engine: result.engine };
    },

    /** After an attempt: one that failed for good, or a cancelled job, ends the creation and releases its hold. */
    async settled(payload: CreationJobPayload, status: SettledStatus) {
      if (status === 'failed' || status === 'cancelled') await settle(payload.creationId, 'failed', {});
    },

    /**
     * At start: creations whose job is over but which are still generating (the process ended
     * between the job's end and its settling, or the job is gone) fail now and are refunded.
     */
    async reconcile() {
      for (const row of await repo.generating()) {
        const job = row.jobId ? await jobs.get(row.jobId) : null;
        if (!job || job.status === 'failed' || job.status === 'cancelled' || job.status === 'done') await settle(row.id, 'failed', {});
      }
    },
  };
}

export type CreationService = ReturnType<typeof creationService>;
