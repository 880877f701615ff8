import { createHash, randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  CREATION_LIMITS,
  CREATION_PRICES,
  ErrorCode,
  errorMessage,
  PUBLISHED_AS,
  type CallInput,
  type calls,
  type Creation,
  type CreationParams,
  type ErrorCodeValue,
  type Language,
} from '@starlit/contract';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import type { JobContext, SettledStatus } from '../../jobs/define-job.ts';
import type { JobRow } from '../../jobs/queue.ts';
import type { Bus } from '../../platform/bus.ts';
import { AppError } from '../../platform/errors.ts';
import { decodeCursor, toPage } from '../../platform/pagination.ts';
import { assertNoBlock, authorizeOwner } from '../../platform/policy.ts';
import type { Storage } from '../../platform/storage.ts';
import { chargeFrom } from '../ledger/charge.ts';
import { fingerprintOf, type LedgerService } from '../ledger/ledger.service.ts';
import type { WorkSettings, WorksService } from '../works/works.service.ts';
import type { CreationJobPayload } from './creation.jobs.ts';
import { CREATIONS_FOLDER, creationRepository, type CreationRow } from './creation.repository.ts';
import type { UploadChecks } from './creation.uploads.ts';
import type { OutputFile, Workflow, WorkflowRun } from './workflows/workflow.ts';

type CreateInput = CallInput<typeof calls.creation.create>;
type PublishInput = z.output<typeof calls.creation.publish.input>;

/** The author's fee of a same-style creation, when someone else pays one. */
interface Fee {
  workId: string;
  workName: string;
  authorId: string;
  amount: number;
}
type Workflows = Partial<Record<CreationParams['workflow'], Workflow>>;

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
  /** The pipelines that run today, by workflow id. */
  workflows: Workflows;
  uploads: UploadChecks;
  /** The admins' prompt word list: a description holding a listed word is refused (5110). */
  promptWords: { assertAllowed(text: string, lang: Language): Promise<void> };
  /** A pause before the engine (CREATION_DELAY_MS), reported in five steps of progress. */
  delayMs: number;
  /** Works own the works table: publishing makes a work there, and a creation shows the work it became. */
  works: Pick<WorksService, 'publishCreation' | 'workIdsOfCreations' | 'provenance'>;
}

/**
 * Which of a finished creation's files a work shows as its file and its cover: the picture for
 * both; a piece's MP3 (the WAV stays the download) with no cover, its waveform drawn on the card;
 * a dance's `.vrma`, played with its song and model from the files.
 */
function shownFiles(kind: (typeof PUBLISHED_AS)[keyof typeof PUBLISHED_AS]['kind'], files: Creation['files']): { media: string; cover: string | null } | null {
  const url = (role: Creation['files'][number]['role']) => files.find((f) => f.role === role)?.url ?? null;
  if (kind === 'image') {
    const image = url('image');
    return image ? { media: image, cover: image } : null;
  }
  const media = kind === 'audio' ? (url('mp3') ?? url('audio')) : url('dance');
  return media ? { media, cover: null } : null;
}

/** What a published img2Img work says in place of its reference's storage key, which stays private. */
const PRIVATE_REFERENCE = 'private';

/** The result's extension for a download name, by type. */
const EXTENSIONS: Record<string, string> = { 'image/png': '.png', 'audio/wav': '.wav', 'audio/mpeg': '.mp3', 'model/gltf-binary': '.vrma' };

/**
 * The creation studio's jobs and money (docs/creation.md, Creation jobs). A creation is
 * accepted in one ledger request under the client's key: the cost is held, the row written and
 * the job enqueued in one transaction. The job runs the workflow; whoever ends the creation (the
 * job on success, its last failed attempt, a cancel, or the check of jobs a dead process left)
 * ends it once and settles the hold with it: posted when done, voided otherwise.
 */
export function creationService(deps: CreationDeps) {
  const { db, ledger, jobs, storage, bus } = deps;
  const repo = creationRepository(db);

  function present(row: CreationRow, lang: Language, workId: string | null = null): Creation {
    const code = row.state === 'failed' || row.state === 'cancelled' ? ((row.errorCode ?? ErrorCode.CREATION_SERVER_FAILED) as ErrorCodeValue) : null;
    return {
      id: row.id,
      workflow: row.workflow as Creation['workflow'],
      description: row.description,
      params: row.params,
      agentId: row.agentId,
      state: row.state,
      progress: row.progress,
      stage: row.stage as Creation['stage'],
      engine: row.engine,
      resultUrl: row.resultUrl,
      resultMime: row.resultMime,
      files: row.files.map((f) => ({ role: f.role as Creation['files'][number]['role'], url: storage.url(f.key), mime: f.mime })),
      facts: row.facts,
      cost: { currency: row.costCurrency as 'CAC' | 'JE', amount: row.costAmount },
      sameStyleOf: row.sameStyleWorkId ? { workId: row.sameStyleWorkId, fee: row.sameStyleFee } : null,
      error: code ? errorMessage(code, lang) : null,
      errorCode: code,
      createdAt: row.createdAt.toISOString(),
      finishedAt: row.finishedAt?.toISOString() ?? null,
      workId,
    };
  }

  /** The work a creation became, if any: only a finished creation can have one. */
  const workIdOf = async (row: CreationRow) => (row.state === 'done' ? ((await deps.works.workIdsOfCreations([row.id])).get(row.id) ?? null) : null);

  const owned = async (userId: string, id: string) => authorizeOwner(userId, await repo.byId(id), (r) => r.ownerId, ErrorCode.CREATION_NOT_FOUND);

  const push = (row: CreationRow) => bus.publish(row.ownerId, { type: 'creation', creationId: row.id, state: row.state, progress: row.progress, stage: row.stage });

  const workflowOf = (workflow: CreationParams['workflow']) => {
    const found = deps.workflows[workflow];
    const price = CREATION_PRICES[workflow];
    if (!found || !price) throw new AppError(ErrorCode.CREATION_NOT_AVAILABLE);
    return { workflow: found, price };
  };

  /** The fee a same-style creation pays its author: none for the author's own work or a free one. */
  const feeOf = (source: WorkSettings, userId: string): Fee | null =>
    source.sameStyleFee > 0 && source.authorId !== userId ? { workId: source.workId, workName: source.name, authorId: source.authorId, amount: source.sameStyleFee } : null;

  /** A generated work another person may make the same style of: one they see, neither blocking the other, not a dance. */
  async function sameStyleSource(userId: string, workId: string): Promise<WorkSettings> {
    const source = await deps.works.provenance(userId, workId);
    if (!source) throw new AppError(ErrorCode.CREATION_NO_SAME_STYLE);
    if (source.authorId !== userId) await assertNoBlock(db, userId, source.authorId);
    // a dance follows its song, not a description: there is no "same style" of one
    if (!['text2Img', 'img2Img', 'text2Music'].includes(source.params.workflow)) throw new AppError(ErrorCode.CREATION_NO_SAME_STYLE);
    return source;
  }

  /** Accepts a creation under `key`: the hold, the row and the job, or none of them. */
  async function start(userId: string, asked: CreationParams, key: string, operation: string, fingerprinted: unknown, lang: Language, sameStyle?: { workId: string; fee: Fee | null }) {
    const { workflow, price } = workflowOf(asked.workflow);
    const description = asked.description.trim();
    if (!description && asked.workflow !== 'music2Dance') throw new AppError(ErrorCode.CREATION_DESCRIPTION_REQUIRED);
    const words = [description, ...('genre' in asked ? [asked.genre ?? ''] : []), ...('mood' in asked ? [asked.mood ?? ''] : [])].join('\n');
    await deps.promptWords.assertAllowed(words, lang);
    try {
      const { outcome, replayed } = await ledger.run(userId, key, fingerprintOf(operation, fingerprinted), async (books) => {
        const tx = creationRepository(books.tx);
        // two requests of one person at once count each other's creations and see each other's spending
        await tx.lockOwner(userId);
        const params = await workflow.check(books.tx, userId, { ...asked, description } as CreationParams);
        if ((await tx.generatingCount(userId)) >= CREATION_LIMITS.runningPerUser) throw new AppError(ErrorCode.CREATION_TOO_MANY_RUNNING);
        const fee = sameStyle?.fee ?? null;
        const charge = chargeFrom(await books.balances(userId), price, fee?.amount);
        if (!charge) throw new AppError(ErrorCode.LEDGER_INSUFFICIENT);
        const id = crypto.randomUUID();
        const hold = await books.hold({
          from: { user: userId },
          to: { system: 'generation_fees' },
          currency: charge.currency,
          amount: charge.amount,
          kind: 'creation',
          // the order ID of the charge, its settling and any refund is the creation's
          memo: { creationId: id, workflow: params.workflow, orderId: id },
        });
        // the author is paid only when the result is done: a hold to them, posted or voided with the creation's
        const feeHold = fee
          ? await books.hold({
              from: { user: userId },
              to: { user: fee.authorId },
              currency: 'JE',
              amount: fee.amount,
              kind: 'same_style_fee',
              memo: { workId: fee.workId, workName: fee.workName, creationId: id, orderId: id },
            })
          : null;
        const job = await jobs.enqueue(books.tx, { creationId: id });
        await tx.insert({
          id,
          ownerId: userId,
          workflow: params.workflow,
          description,
          params,
          agentId: 'agentId' in params ? (params.agentId ?? null) : null,
          costCurrency: charge.currency,
          costAmount: charge.amount,
          holdId: hold.id,
          sameStyleWorkId: sameStyle?.workId ?? null,
          sameStyleFee: fee?.amount ?? 0,
          feeHoldId: feeHold?.id ?? null,
          jobId: job.id,
          engine: workflow.engine(),
        });
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

  /** A request already carried out under this key answers as it did, before any check that may have changed since. */
  async function replayOf(userId: string, key: string, operation: string, fingerprinted: unknown, lang: Language) {
    const outcome = await ledger.replay<{ id: string }>(userId, key, fingerprintOf(operation, fingerprinted));
    const row = outcome ? await repo.byId(outcome.id) : null;
    return row ? { ...present(row, lang, await workIdOf(row)), replayed: true } : null;
  }

  type Ending = { files?: CreationRow['files']; facts?: CreationRow['facts']; engine?: string; errorCode?: number };

  /** Ends a generating creation and settles its hold, both once; null when it had ended already. */
  async function settle(id: string, state: 'done' | 'failed' | 'cancelled', change: Ending = {}) {
    const main = change.files?.[0];
    const ended = await ledger.within(undefined, async (books) => {
      const row = await creationRepository(books.tx).end(id, {
        state,
        ...change,
        ...(main ? { resultKey: main.key, resultUrl: storage.url(main.key), resultMime: main.mime } : {}),
        ...(state === 'done' ? { progress: 100, stage: 'finished' } : {}),
      });
      if (!row) return null;
      for (const held of [row.holdId, row.feeHoldId]) {
        if (!held) continue;
        if (state === 'done') await books.post(held);
        else await books.void(held);
      }
      return row;
    });
    if (ended) await push(ended);
    return ended;
  }

  /** One step: the job's percent and the creation's row at once (neither waits for the other), then the owner's pages. */
  async function progress(id: string, ctx: JobContext, percent: number, stage: string, resetCause = false) {
    const [, row] = await Promise.all([ctx.progress(percent), repo.progress(id, percent, stage, { resetCause })]);
    if (row) await push(row);
  }

  /** Stores the files a workflow made under the owner's folder; files already stored (a reused song) are kept where they are. */
  async function store(row: CreationRow, files: OutputFile[]) {
    const stored: CreationRow['files'] = [];
    for (const file of files) {
      if (file.key) {
        stored.push({ role: file.role, key: file.key, mime: file.mime });
        continue;
      }
      const key = `${CREATIONS_FOLDER}${row.ownerId}/${row.id}-${randomBytes(4).toString('hex')}-${file.role}${file.ext}`;
      await storage.put(key, file.bytes!, file.mime);
      stored.push({ role: file.role, key, mime: file.mime });
    }
    return stored;
  }

  /** The files this creation wrote itself (not a reused song), to remove when nobody will see them. */
  const ownFiles = (row: CreationRow, files: CreationRow['files']) => files.filter((f) => f.key.startsWith(`${CREATIONS_FOLDER}${row.ownerId}/${row.id}-`));

  return {
    async estimate(userId: string | null, input: { workflow: CreationParams['workflow']; workId?: string }) {
      // the same style of a work is priced as the work's workflow, whatever was asked
      const source = userId && input.workId ? await sameStyleSource(userId, input.workId) : null;
      const workflow = source?.params.workflow ?? input.workflow;
      const { price } = workflowOf(workflow);
      const prices = [
        { currency: 'CAC' as const, amount: price.CAC },
        { currency: 'JE' as const, amount: price.JE },
      ];
      const fee = source && userId ? (feeOf(source, userId)?.amount ?? 0) : 0;
      return { workflow, prices, fee, charge: userId ? chargeFrom(await ledger.balances(userId), price, fee) : null };
    },

    /** "Make the same style": the work's settings with the person's own description (and reference), paying its author's fee when done. */
    async sameStyle(userId: string, input: CallInput<typeof calls.creation.sameStyle>, lang: Language) {
      const again = await replayOf(userId, input.key, 'creation.sameStyle', input, lang);
      if (again) return again;
      const source = await sameStyleSource(userId, input.workId);
      const params = source.params;
      if (params.workflow === 'img2Img' && !input.referenceKey) throw new AppError(ErrorCode.CREATION_UPLOAD_NOT_FOUND);
      const asked: CreationParams =
        params.workflow === 'img2Img'
          ? { ...params, description: input.description, referenceKey: input.referenceKey! }
          : params.workflow === 'text2Img'
            ? { workflow: 'text2Img', description: input.description, style: params.style, ratio: params.ratio }
            : { ...params, description: input.description };
      return start(userId, asked, input.key, 'creation.sameStyle', input, lang, { workId: source.workId, fee: feeOf(source, userId) });
    },

    upload: (userId: string, input: CallInput<typeof calls.creation.upload>) => deps.uploads.store(userId, input.kind, input.data),

    async create(userId: string, input: CreateInput, lang: Language) {
      const { key, ...params } = input;
      return (await replayOf(userId, key, 'creation.create', params, lang)) ?? start(userId, params, key, 'creation.create', params, lang);
    },

    /** A new creation with the settings of one of the person's own, and a new charge. */
    async retry(userId: string, id: string, key: string, lang: Language) {
      const row = await owned(userId, id);
      const again = await replayOf(userId, key, 'creation.retry', { id }, lang);
      if (again) return again;
      // a same-style creation made again follows the author's settings again and pays their fee
      // again; once the work cannot be followed (gone private, deleted), it is the person's own settings
      const source = row.sameStyleWorkId ? await sameStyleSource(userId, row.sameStyleWorkId).catch(() => null) : null;
      return start(userId, row.params, key, 'creation.retry', { id }, lang, source ? { workId: source.workId, fee: feeOf(source, userId) } : undefined);
    },

    async get(userId: string, id: string, lang: Language) {
      const row = await owned(userId, id);
      return present(row, lang, await workIdOf(row));
    },

    async list(userId: string, input: { cursor?: string; limit: number }, lang: Language) {
      const page = toPage(await repo.page(userId, decodeCursor(input.cursor), input.limit), input.limit, (r) => ({ at: r.createdAt, id: r.id }));
      const workIds = await deps.works.workIdsOfCreations(page.items.filter((r) => r.state === 'done').map((r) => r.id));
      return { items: page.items.map((r) => present(r, lang, workIds.get(r.id) ?? null)), nextCursor: page.nextCursor };
    },

    /**
     * Publishes the owner's finished creation as a work at once (docs/creation.md, Publishing):
     * kind and category from the workflow, the creation's stored files as they are (the PNG's
     * `parameters` chunk and the audio's tags stay), its settings as provenance. One work per
     * creation: publishing again is refused (5122), editing goes through the work.
     */
    async publish(userId: string, input: PublishInput, lang: Language) {
      const row = await owned(userId, input.id);
      const as = PUBLISHED_AS[row.workflow as keyof typeof PUBLISHED_AS];
      if (row.state !== 'done' || !as) throw new AppError(ErrorCode.CREATION_NOT_PUBLISHABLE);
      if (await workIdOf(row)) throw new AppError(ErrorCode.CREATION_ALREADY_PUBLISHED);
      const { files: all, facts } = present(row, lang);
      // an img2Img's starting picture is the author's own photo: it stays theirs, out of the public work
      const files = all.filter((f) => f.role !== 'reference');
      const params: CreationParams = row.params.workflow === 'img2Img' ? { ...row.params, referenceKey: PRIVATE_REFERENCE } : row.params;
      const shown = shownFiles(as.kind, files);
      if (!shown) throw new AppError(ErrorCode.CREATION_NOT_PUBLISHABLE);
      const { name, tags, isPublic, agentId, sameStyleFee } = input;
      const workId = await deps.works.publishCreation(
        userId,
        { creationId: row.id, kind: as.kind, category: as.category, ...shown, prompt: row.description, engine: row.engine, params, files, facts },
        { name, tags, isPublic, agentId, sameStyleFee },
      );
      if (!workId) throw new AppError(ErrorCode.CREATION_ALREADY_PUBLISHED);
      return present(row, lang, workId);
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
      const ext = EXTENSIONS[row.resultMime] ?? row.resultKey.slice(row.resultKey.lastIndexOf('.'));
      return { url: storage.url(row.resultKey), mime: row.resultMime, fileName: `starlit-${row.workflow}-${row.id.slice(0, 8)}${ext}` };
    },

    /** One attempt of a creation's job; a creation that ended meanwhile (cancelled) is left as it is. */
    async run(payload: CreationJobPayload, ctx: JobContext) {
      const row = await repo.byId(payload.creationId);
      if (row?.state !== 'generating') return { skipped: true };
      const { workflow } = workflowOf(row.params.workflow);
      // each attempt starts without the last one's cause, cleared with its first step
      await progress(row.id, ctx, 5, 'queued', true);
      for (let step = 1; deps.delayMs > 0 && step <= 5; step++) {
        await sleep(deps.delayMs / 5, undefined, { signal: ctx.signal });
        await progress(row.id, ctx, 5 + step * 5, workflow.firstStage);
      }
      const run: WorkflowRun = {
        creationId: row.id,
        ownerId: row.ownerId,
        signal: ctx.signal,
        seed: createHash('sha256')
          .update(`${row.id}\n${JSON.stringify(row.params)}`)
          .digest()
          .readUInt32LE(0),
        // the workflow's 0–100 fills the bar from 30 to 90; saving takes the rest
        progress: (percent, stage) => progress(row.id, ctx, 30 + Math.round(Math.min(100, Math.max(0, percent)) * 0.6), stage),
        async engine(work) {
          try {
            return await work();
          } catch (error) {
            // the engine's failure is "Generation failed" unless the job was stopped; anything after it is the server's
            if (!ctx.signal.aborted) await repo.cause(row.id, ErrorCode.CREATION_GENERATION_FAILED);
            throw error;
          }
        },
        async read(key) {
          const bytes = await storage.read(key);
          if (!bytes) throw new Error(`stored file ${key} is gone`);
          return bytes;
        },
      };
      const output = await workflow.run(row.params, run);
      await progress(row.id, ctx, 92, 'saving');
      const files = await store(row, output.files);
      const done = await settle(row.id, 'done', { files, facts: output.facts, engine: output.engine });
      // ended meanwhile (cancelled, or finished by a process that took the job over): nobody will see these files
      if (!done) await Promise.all(ownFiles(row, files).map((f) => storage.delete(f.key)));
      return { done: done !== null, engine: output.engine };
    },

    /**
     * After an attempt: one that failed for good, or a job cancelled, ends the creation and
     * releases its hold. A job this process gave up because another took it over is still
     * running there: it is left alone (the job's row says so).
     */
    async settled(payload: CreationJobPayload, status: SettledStatus) {
      if (status !== 'failed' && status !== 'cancelled') return;
      const row = await repo.byId(payload.creationId);
      const job = row?.jobId ? await jobs.get(row.jobId) : null;
      if (job && job.status !== 'failed' && job.status !== 'cancelled') return;
      await settle(payload.creationId, 'failed', {});
    },

    /**
     * Creations whose job is over but which are still generating (the process ended between the
     * job's end and its settling, or a settling failed, or the job is gone) fail and are
     * refunded. Run at start and every minute.
     */
    async reconcile() {
      let ended = 0;
      for (const row of await repo.generating()) {
        const job = row.jobId ? await jobs.get(row.jobId) : null;
        if (!job || job.status === 'failed' || job.status === 'cancelled' || job.status === 'done') {
          if (await settle(row.id, 'failed', {})) ended++;
        }
      }
      return ended;
    },
  };
}

export type CreationService = ReturnType<typeof creationService>;
