import type { ModerationLogEntry, ModerationQueueItem, ModerationReport, PromptWordEntry, ReportType } from '@starlit/contract';
import type { z } from 'zod';
import type { OpenGroup } from '../reports/reports.repository.ts';
import type { ReportsService } from '../reports/reports.service.ts';
import type { WorkRow } from '../works/works.repository.ts';
import type { LogRow } from './moderation.repository.ts';
import type { PromptWordRow } from './prompt-words.repository.ts';

type Type = z.infer<typeof ReportType>;
const person = (userId: string, userName: string, avatar: string | null) => ({ userId, userName, avatar });

export function presentModeratedWork(work: WorkRow) {
  return {
    workId: work.id,
    workName: work.name,
    cover: work.cover,
    hidden: work.hiddenAt !== null,
    hiddenReason: work.hiddenReason,
    author: person(work.authorId, work.authorName, work.authorAvatar),
  };
}

export function presentQueueItem({ group, work }: { group: OpenGroup & { types: Array<{ type: string; count: number }> }; work: WorkRow }): z.input<typeof ModerationQueueItem> {
  const { hiddenReason: _, ...shown } = presentModeratedWork(work);
  return { ...shown, reportCount: group.count, types: group.types.map((t) => ({ type: t.type as Type, count: t.count })), latestAt: group.latestAt.toISOString() };
}

export function presentReport(row: Awaited<ReturnType<ReportsService['ofWork']>>[number]): z.input<typeof ModerationReport> {
  const r = row.report;
  return {
    id: r.id,
    type: r.type as Type,
    description: r.description,
    images: r.images,
    status: r.status,
    reporter: person(r.reporterId, row.reporterName, row.reporterAvatar),
    createdAt: r.createdAt.toISOString(),
  };
}

export function presentLogEntry({ row, workName }: { row: LogRow; workName: string | null }): z.input<typeof ModerationLogEntry> {
  const a = row.action;
  return {
    id: a.id,
    action: a.action,
    actor: a.actorId && row.actorName ? person(a.actorId, row.actorName, row.actorAvatar) : null,
    workId: a.workId,
    workName,
    subject: a.subjectUserId && row.subjectName ? person(a.subjectUserId, row.subjectName, row.subjectAvatar) : null,
    reason: a.reason,
    words: a.words,
    createdAt: a.createdAt.toISOString(),
  };
}

export function presentPromptWord(row: PromptWordRow): z.input<typeof PromptWordEntry> {
  return {
    word: row.word,
    addedBy: row.addedBy && row.userName ? person(row.addedBy, row.userName, row.avatar) : null,
    createdAt: row.createdAt.toISOString(),
  };
}
