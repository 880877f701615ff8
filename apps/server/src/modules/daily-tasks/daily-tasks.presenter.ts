import { DAILY_TASK_STEPS, type DailyTask, type DailyTaskType, ErrorCode, type ErrorCodeValue, errorMessage, type Language } from '@starlit/contract';
import type { Storage } from '../../platform/storage.ts';
import type { DailyTaskRow, DailyTaskStepRow } from './daily-tasks.repository.ts';

/** A task as its owner reads it: its steps in the type's order, its files as addresses, its cause in their language. */
export function presentTask(row: DailyTaskRow, steps: DailyTaskStepRow[], agent: { name: string; avatar: string | null } | undefined, lang: Language, storage: Pick<Storage, 'url'>): DailyTask {
  const code = row.state === 'failed' || row.state === 'cancelled' ? ((row.errorCode ?? ErrorCode.DAILY_TASK_SERVER_FAILED) as ErrorCodeValue) : null;
  const type = row.type as DailyTaskType;
  const byName = new Map(steps.map((s) => [s.name, s]));
  return {
    id: row.id,
    type,
    form: row.form,
    agent: row.agentId && agent ? { id: row.agentId, ...agent } : null,
    state: row.state,
    progress: row.progress,
    steps: DAILY_TASK_STEPS[type].map((name) => {
      const step = byName.get(name);
      // a step left running by an attempt that ended (a crash, a cancel) did not finish
      const state = step?.state === 'running' && row.state !== 'generating' ? 'failed' : (step?.state ?? 'pending');
      return { name, state, engine: step?.engine ?? null, ms: step?.state === 'done' ? step.ms : null };
    }),
    title: row.title,
    text: row.text,
    files: row.files.map((f) => ({ role: f.role as DailyTask['files'][number]['role'], url: storage.url(f.key), mime: f.mime })),
    facts: row.facts,
    cost: { currency: row.costCurrency as 'CAC' | 'JE', amount: row.costAmount },
    points: row.points,
    publish: { state: row.publishState, at: row.publishAt?.toISOString() ?? null, workId: row.workId },
    error: code ? errorMessage(code, lang) : null,
    errorCode: code,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}
