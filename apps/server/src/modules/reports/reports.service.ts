import { randomUUID } from 'node:crypto';
import { ErrorCode, REPORT_LIMITS } from '@starlit/contract';
import type { FastifyBaseLogger } from 'fastify';
import { withTx, type Db, type Tx } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { decodeCursor, toPage } from '../../platform/pagination.ts';
import { blockedBetween } from '../../platform/policy.ts';
import type { RateLimiter } from '../../platform/rate-limit.ts';
import type { Storage } from '../../platform/storage.ts';
import type { WorksService } from '../works/works.service.ts';
import { cleanReportPicture, type CleanPicture } from './report-images.ts';
import { REPORTS_FOLDER, reportsRepository, type ClosedStatus } from './reports.repository.ts';

export interface ReportInput {
  workId: string;
  type: string;
  description: string;
  images: string[];
}

/**
 * Reports of works (SPEC §2 Report flow, §3, §5): checked, stored with their pictures, and
 * handed to moderation, which closes them. docs/reports.md has the rules and why.
 */
export function reportsService(deps: { db: Db; storage: Storage; limiter: RateLimiter; log: FastifyBaseLogger; works: Pick<WorksService, 'get'> }) {
  const { db, storage } = deps;
  const reports = reportsRepository(db);
  const windowStart = () => new Date(Date.now() - REPORT_LIMITS.repeatWindowMs);

  /**
   * Every picture checked by content before any is stored, so a refusal stores nothing. An
   * entry that decodes to no bytes was sent, so it is an unusable picture, not a missing one.
   */
  async function checkPictures(images: string[]): Promise<CleanPicture[]> {
    const clean: CleanPicture[] = [];
    for (const base64 of images) {
      const bytes = Buffer.from(base64, 'base64');
      if (bytes.length === 0) throw new AppError(ErrorCode.REPORT_BAD_IMAGE);
      if (bytes.length > REPORT_LIMITS.imageBytes) throw new AppError(ErrorCode.REPORT_IMAGE_TOO_LARGE);
      const picture = await cleanReportPicture(bytes);
      if (!picture) throw new AppError(ErrorCode.REPORT_BAD_IMAGE);
      clean.push(picture);
    }
    return clean;
  }

  async function submit(reporterId: string, input: ReportInput) {
    // a work the reporter cannot see (private, draft, hidden, or between two people who blocked each other) is one they cannot report
    const work = await deps.works.get(reporterId, input.workId);
    if (work.authorId === reporterId) throw new AppError(ErrorCode.REPORT_OWN_WORK);
    if (await blockedBetween(db, reporterId, work.authorId)) throw new AppError(ErrorCode.WORK_NOT_FOUND);
    if (await reports.reportedSince(reporterId, work.id, windowStart())) throw new AppError(ErrorCode.REPORT_TOO_SOON);
    const pictures = await checkPictures(input.images);
    // counted only once the report is otherwise good, so a refused one costs nothing
    const { allowed } = await deps.limiter.hit(`reports:${reporterId}`, REPORT_LIMITS.ratePerWindow, REPORT_LIMITS.rateWindowMs);
    if (!allowed) throw new AppError(ErrorCode.REPORT_RATE_LIMITED, 429);

    const id = randomUUID();
    const keys = pictures.map((p, i) => `${REPORTS_FOLDER}${id}/${i + 1}.${p.ext}`);
    // files before the row, outside the transaction (slow work stays out); a refused row takes them away again
    const urls = await Promise.all(pictures.map((p, i) => storage.put(keys[i], p.body, p.contentType)));
    try {
      await withTx(db, undefined, async (tx) => {
        const repo = reportsRepository(tx);
        // two submits at once: the second waits here and then finds the first
        await repo.lockPair(reporterId, work.id);
        if (await repo.reportedSince(reporterId, work.id, windowStart())) throw new AppError(ErrorCode.REPORT_TOO_SOON);
        await repo.insert({ id, workId: work.id, reporterId, type: input.type, description: input.description, images: urls });
      });
    } catch (err) {
      await Promise.all(keys.map((key) => storage.delete(key)));
      throw err;
    }
    return { id, author: { userId: work.authorId, userName: work.authorName } };
  }

  return {
    /** A report; anything unexpected answers SPEC §8's "Report submission failed". */
    async submit(reporterId: string, input: ReportInput) {
      try {
        return await submit(reporterId, input);
      } catch (err) {
        if (err instanceof AppError) throw err;
        deps.log.error({ err }, 'report submission failed');
        throw new AppError(ErrorCode.REPORT_FAILED);
      }
    },

    /** Works with open reports, most recently reported first, with counts by type. */
    async openQueue(cursor: string | undefined, limit: number) {
      const page = toPage(await reports.openGroups(decodeCursor(cursor), limit), limit, (g) => ({ at: g.latestAt, id: g.workId }));
      const types = await reports.openTypes(page.items.map((g) => g.workId));
      const items = page.items.map((g) => ({ ...g, types: types.filter((t) => t.workId === g.workId).map(({ type, count }) => ({ type, count })) }));
      return { items, nextCursor: page.nextCursor };
    },

    /** Every report of a work with its reporter, open ones first. */
    ofWork: (workId: string) => reports.ofWork(workId),

    /** Closes a work's open reports as part of a moderation action; answers their reporters, each once. */
    async close(tx: Tx, workId: string, status: ClosedStatus, actionId: string): Promise<string[]> {
      return [...new Set(await reportsRepository(tx).close(workId, status, actionId))];
    },
  };
}

export type ReportsService = ReturnType<typeof reportsService>;
