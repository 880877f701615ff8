import { randomBytes } from 'node:crypto';
import { DAILY_TASK_STEPS, type DailyTaskType, type Language } from '@starlit/contract';
import { type StepStore, StepFailedError, type TaskRun, stepRunner, taskSeed } from '../../ai/tasks/task-run.ts';
import type { JobContext } from '../../jobs/define-job.ts';
import type { Storage } from '../../platform/storage.ts';
import { type DailyTaskRow, type DailyTasksRepository, TASKS_FOLDER } from './daily-tasks.repository.ts';
import type { DailyTasksDeps } from './daily-tasks.service.ts';

/** How a task type reads on its share card, in the task's language. */
const TYPE_NAMES: Record<Language, Record<DailyTaskType, string>> = {
  en_US: {
    text_to_image: 'Text to image',
    text_to_comic: 'Text to comic',
    text_to_speech: 'Text to speech',
    text_to_song: 'Text to song',
    text_to_dance: 'Text to dance',
    comic_to_video: 'Comic to video',
  },
  zh_TW: { text_to_image: '文生圖', text_to_comic: '文生漫畫', text_to_speech: '文字轉語音', text_to_song: '文生歌曲', text_to_dance: '文生舞蹈', comic_to_video: '漫畫轉影片' },
};

/** The task's bar after a step: the steps share 10–95 %, saving takes the rest. */
function percentAfter(names: readonly string[], name: string): number {
  return Math.round(10 + ((names.indexOf(name) + 1) / names.length) * 85);
}

/**
 * One attempt of a task's pipeline (docs/daily-tasks.md, Pipelines): its star read, its kept
 * steps answered, the others run and kept, the share card last. Answers the result to settle.
 */
export function taskRunner(deps: Pick<DailyTasksDeps, 'stars' | 'pipelines' | 'card'> & { repo: DailyTasksRepository; storage: Storage; push(row: DailyTaskRow): Promise<void> }) {
  const { repo, storage, push } = deps;
  /** Runs the task's pipeline over its kept steps. */
  async function execute(row: DailyTaskRow, ctx: JobContext) {
    const type = row.type as DailyTaskType;
    const names: readonly string[] = DAILY_TASK_STEPS[type];
    // the words are in the language the person wrote in; a video of an existing comic speaks the comic's
    const written = row.form.comicTaskId ? ((await repo.byId(row.form.comicTaskId))?.form ?? row.form) : row.form;
    const lang: Language = /\p{Script=Han}/u.test(`${written.description}${written.introduction}`) ? 'zh_TW' : 'en_US';
    const star = row.agentId ? await deps.stars.load(row.agentId, lang, row.ownerId) : null;
    if (!star) throw new StepFailedError(names[0]!, new Error('the task has no agent to star'));
    const folder = `${TASKS_FOLDER}${row.ownerId}/${row.id}/`;
    // the steps kept before this attempt, read once: a step kept during it is not asked for again
    const kept = new Map((await repo.steps(row.id)).filter((step) => step.state === 'done').map((step) => [step.name, step]));
    const store: StepStore = {
      kept: async (name) => kept.get(name) ?? null,
      begin: (name) => repo.writeStep(row.id, name, { state: 'running' }),
      done: (name, output, engine, ms) => repo.writeStep(row.id, name, { state: 'done', output, engine, ms }),
      failed: (name) => repo.writeStep(row.id, name, { state: 'failed' }),
    };
    // the task's row carries the progress people see (the job's own percent is read by nobody here)
    const progress = async (name: string) => {
      const updated = await repo.progress(row.id, percentAfter(names, name));
      if (updated) await push(updated);
    };
    const run: TaskRun = {
      taskId: row.id,
      ownerId: row.ownerId,
      form: row.form,
      lang,
      star,
      seed: taskSeed(row.id, row.form),
      signal: ctx.signal,
      step: stepRunner(store, progress, ctx.signal),
      async put(bytes, mime, name) {
        const key = `${folder}${randomBytes(4).toString('hex')}-${name}`;
        await storage.put(key, bytes, mime);
        return key;
      },
      async read(key) {
        const bytes = await storage.read(key);
        if (!bytes) throw new Error(`stored file ${key} is gone`);
        return bytes;
      },
    };
    const result = await deps.pipelines[type].run(run);
    const cardKey = await run.step('card', async () => {
      const coverKey = result.files.find((f) => f.role === 'page' || f.role === 'image' || f.role === 'waveform')?.key;
      const cover = coverKey ? await run.read(coverKey) : star.picture;
      const card = await deps.card({ cover, title: result.title, byline: `${star.name} · ${TYPE_NAMES[lang][type]}`, kind: lang === 'zh_TW' ? 'Starlit 每日任務' : 'Starlit daily task' });
      return { output: await run.put(card, 'image/png', 'card.png'), engine: null };
    });
    return { ...result, files: [...result.files, { role: 'card' as const, key: cardKey, mime: 'image/png' }] };
  }

  return execute;
}
