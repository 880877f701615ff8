import type { DailyTaskType } from '@starlit/contract';
import { AppError } from '../../platform/errors.ts';
import type { Storage } from '../../platform/storage.ts';
import type { TaskWork, WorksService } from '../works/works.service.ts';
import type { DailyTaskRow, DailyTasksRepository } from './daily-tasks.repository.ts';
import { publishedFiles } from './published-files.ts';

/** Publishing finished tasks as works (docs/daily-tasks.md, Publishing; decision 0020). */
export function taskPublisher(deps: { repo: DailyTasksRepository; works: Pick<WorksService, 'publishTask' | 'workOfTask'>; storage: Pick<Storage, 'url'>; push(row: DailyTaskRow): Promise<void> }) {
  const { repo, storage, push } = deps;
  /**
   * Publishes a finished task as its work, once. The task is claimed first (its publishing moves
   * from `from` to published in one update; with `jobId`, only while that is the task's publish
   * job), so a schedule cancelled or moved meanwhile is not published under it; then the work is
   * made, keyed by the task, so a second attempt (a job run again, or `reconcile` after a crash
   * between the two) finds it and only records it.
   */
  async function publish(row: DailyTaskRow, from: DailyTaskRow['publishState'][], jobId?: string) {
    const claimed = await repo.setPublish(row.id, from, { publishState: 'published', publishJobId: null }, jobId);
    return claimed ? recordWork(claimed) : null;
  }

  /**
   * Finds or makes the work of a task claimed as published, and records it on the task. A person
   * who may not publish now (muted by moderation) keeps the result unpublished, to publish later;
   * `loud` (their own Publish now) also tells them why.
   */
  async function recordWork(row: DailyTaskRow, loud = false) {
    const shown = publishedFiles(row.type as DailyTaskType, row.files);
    if (!shown) throw new Error(`task ${row.id} has no file to publish`);
    const url = (key: string) => storage.url(key);
    const work: TaskWork = {
      taskId: row.id,
      ...shown.as,
      name: row.title,
      prompt: row.form.description,
      media: url(shown.media),
      cover: shown.cover ? url(shown.cover) : null,
      files: row.files.map((f) => ({ role: f.role as TaskWork['files'][number]['role'], url: url(f.key), mime: f.mime })),
      facts: row.facts,
      agentId: row.agentId,
    };
    let workId: string | null;
    try {
      // a work made by an attempt that died before recording it is the task's work, whatever holds now
      workId = (await deps.works.workOfTask(row.id)) ?? (await deps.works.publishTask(row.ownerId, work)) ?? (await deps.works.workOfTask(row.id));
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const kept = await repo.setPublish(row.id, ['published'], { publishState: 'unpublished' });
      if (kept) await push(kept);
      if (loud) throw error;
      return null;
    }
    const published = await repo.setPublish(row.id, ['published'], { workId });
    if (published) await push(published);
    return published;
  }

  return { publish, recordWork };
}
