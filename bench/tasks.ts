// npm run bench:tasks (issue 12, docs/daily-tasks.md "Benchmark"): every daily task type run
// offline through a real server process on PGlite (HTTP API, job, kept steps, ledger hold,
// storage, publishing), next to the same pipeline run in this process with its steps and files
// kept in memory, on the same form and seed: the raw engine calls. Runs alternate (server, raw,
// server, raw…) so a load drift of the machine weighs on both; the figure per type is the median
// of its runs. The
// server's time is the task's own createdAt → finishedAt (its clock, no polling error).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { calls, DAILY_TASK_LIMITS, DAILY_TASK_TYPES, type DailyTask, type DailyTaskForm, type DailyTaskType } from '@starlit/contract';
import { createScriptWriter } from '../apps/server/src/ai/comic/script.ts';
import { offlineChat } from '../apps/server/src/ai/chat/offline.ts';
import { offlineDanceModel } from '../apps/server/src/ai/dance/index.ts';
import { offlineImageModel } from '../apps/server/src/ai/image/offline.ts';
import { offlineMusicModel } from '../apps/server/src/ai/music/offline.ts';
import { createLyricsWriter } from '../apps/server/src/ai/song/lyrics.ts';
import { offlineSinger } from '../apps/server/src/ai/song/singer.ts';
import { espeakSpeech } from '../apps/server/src/ai/speech/espeak.ts';
import { comicToVideoPipeline } from '../apps/server/src/ai/tasks/comic-to-video.ts';
import { shareCard } from '../apps/server/src/ai/tasks/share-card.ts';
import { createSpeechWriter } from '../apps/server/src/ai/tasks/speech-script.ts';
import { type TaskPipeline, type TaskRun, type TaskStar, taskSeed } from '../apps/server/src/ai/tasks/task-run.ts';
import { textToComicPipeline } from '../apps/server/src/ai/tasks/text-to-comic.ts';
import { textToDancePipeline } from '../apps/server/src/ai/tasks/text-to-dance.ts';
import { textToImagePipeline } from '../apps/server/src/ai/tasks/text-to-image.ts';
import { textToSongPipeline } from '../apps/server/src/ai/tasks/text-to-song.ts';
import { textToSpeechPipeline } from '../apps/server/src/ai/tasks/text-to-speech.ts';
import { DEFAULT_MODELS } from '../apps/server/src/modules/avatars/default-models.ts';
import { round } from './chat/figures.ts';
import { call, startServer, stopServer } from './chat/server-process.ts';
import { newKey, peopleWithCounts } from './jobs/creation-client.ts';

/** The pipeline's own overhead over its engine calls, as a share of them. */
const TARGET_OVERHEAD = 0.2;
const RUNS = Number(process.env.BENCH_TASK_RUNS ?? DAILY_TASK_LIMITS.perTypePerDay);

const STAR = { nickname: 'Mira', roleSetting: 'You are Mira, a cheerful lighthouse keeper.', roleIntro: 'A cheerful lighthouse keeper who loves the sea and the stars.', opening: 'Hello, I am Mira!' };

/** The form of each type, as a person fills it in. */
function formOf(type: DailyTaskType, agentId: string): DailyTaskForm {
  const base = {
    type,
    description: 'Mira keeps the lighthouse on a stormy night',
    introduction: 'The ships find their way home. Mira sings to the waves.',
    agentId,
    publishType: 'immediate' as const,
    forward: [],
  };
  const extra: Record<DailyTaskType, Partial<DailyTaskForm>> = {
    text_to_image: { style: 'watercolor', scene: 'seaside' },
    text_to_comic: { style: 'cartoon', scene: 'seaside' },
    text_to_speech: {},
    text_to_song: { song: { source: 'compose', genre: 'ballad' } },
    text_to_dance: { song: { source: 'compose', genre: 'electronic' } },
    comic_to_video: { style: 'cartoon', scene: 'seaside' },
  };
  return { ...base, ...extra[type] };
}

/** The offline engines the server builds when no provider is set (daily-tasks.module.ts). */
function pipelines(): Record<DailyTaskType, TaskPipeline> {
  const chat = offlineChat();
  const imageModel = offlineImageModel();
  const musicModel = offlineMusicModel();
  const speech = espeakSpeech();
  const comic = { writer: createScriptWriter(chat), imageModel };
  return {
    text_to_image: textToImagePipeline({ imageModel }),
    text_to_comic: textToComicPipeline(comic),
    text_to_speech: textToSpeechPipeline({ writer: createSpeechWriter(chat), speech }),
    text_to_song: textToSongPipeline({ writer: createLyricsWriter(chat), musicModel, singer: offlineSinger() }),
    text_to_dance: textToDancePipeline({
      musicModel,
      danceModel: offlineDanceModel(),
      songKey: () => Promise.reject(new Error('the bench composes its songs')),
      dancer: () => ({ name: DEFAULT_MODELS[0].name, key: DEFAULT_MODELS[0].key, shared: true }),
    }),
    comic_to_video: comicToVideoPipeline({ ...comic, speech, musicModel }),
  };
}

/** The star as the server reads the bench's agent: no picture, no model, eSpeak NG's own voice (no demo catalogue). */
const star: TaskStar = {
  agentId: '00000000-0000-4000-8000-000000000000',
  name: STAR.nickname,
  persona: `${STAR.roleSetting}\n${STAR.roleIntro}`,
  greeting: STAR.opening,
  words: STAR.roleIntro,
  picture: null,
  voice: { voiceId: 'espeak-default', engineParams: { engine: 'espeak-ng', voice: 'en-us', pitch: 50, speed: 160 }, settings: { pitch: 0, volume: 1, speed: 1 } },
  modelKey: null,
};

/** One pipeline run in memory (the raw engine calls and the share card): its milliseconds, and each step's. */
async function raw(pipeline: TaskPipeline, form: DailyTaskForm, seed: number): Promise<{ ms: number; steps: Record<string, number> }> {
  const steps: Record<string, number> = {};
  const files = new Map<string, Buffer>([[DEFAULT_MODELS[0].key, DEFAULT_MODELS[0].build()]]);
  const run: TaskRun = {
    taskId: randomBytes(8).toString('hex'),
    ownerId: 'bench',
    form,
    lang: 'en_US',
    star,
    seed,
    signal: new AbortController().signal,
    async step(name, work) {
      const started = performance.now();
      const { output } = await work();
      steps[name] = performance.now() - started;
      return output;
    },
    async put(bytes, _mime, name) {
      const key = `${files.size}-${name}`;
      files.set(key, bytes);
      return key;
    },
    read: async (key) => files.get(key)!,
  };
  const started = performance.now();
  const result = await pipeline.run(run);
  const cover = result.files.find((f) => f.role === 'page' || f.role === 'image' || f.role === 'waveform');
  const carding = performance.now();
  await shareCard({ cover: cover ? files.get(cover.key)! : null, title: result.title, byline: `${star.name} · ${form.type}`, kind: 'Starlit daily task' });
  steps.card = performance.now() - carding;
  return { ms: performance.now() - started, steps };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** Polls a task until `done` says so (every 20 ms, at most `timeoutMs`). */
async function until(origin: string, token: string, id: string, done: (task: DailyTask) => boolean, timeoutMs: number): Promise<DailyTask> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const task = await call<DailyTask>(origin, calls.dailyTasks.get.path, { id }, token);
    if (done(task)) return task;
    if (Date.now() > deadline) throw new Error(`task ${id} did not get there in ${timeoutMs} ms (${task.state}, ${task.progress} %)`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * The kill phase: for each type a task whose server is killed (SIGKILL) once its first step is
 * kept, then started again on the same data folder. The task must end once: done and paid once
 * with one work, or failed and refunded once with none (read back through order records and
 * the person's works, as they would see it).
 */
async function killPhase(env: NodeJS.ProcessEnv) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'starlit-bench-tasks-kill-'));
  const log = path.join(dataDir, 'server.log');
  let server = await startServer(null, dataDir, null, log, env);
  const results: Record<string, { state: string; charges: string[]; works: number; met: boolean }> = {};
  try {
    const [person] = await peopleWithCounts(server.origin, 'benchadmin', 1, 100);
    const agent = await call<{ id: string }>(server.origin, calls.agents.create.path, STAR, person!.token);
    for (const type of DAILY_TASK_TYPES) {
      const made = await call<DailyTask>(server.origin, calls.dailyTasks.create.path, { ...formOf(type, agent.id), key: newKey() }, person!.token);
      await until(server.origin, person!.token, made.id, (t) => t.steps.some((s) => s.state === 'done'), 120_000);
      const exited = new Promise((resolve) => server.child.once('exit', resolve));
      server.child.kill('SIGKILL');
      await exited;
      server = await startServer(null, dataDir, null, log, env);
      const ended = await until(server.origin, person!.token, made.id, (t) => t.state !== 'generating', 300_000);
      const records = await call<{ items: Array<{ orderId: string; status: string }> }>(server.origin, calls.records.list.path, { kind: 'daily_task', limit: 100 }, person!.token);
      const charges = records.items.filter((r) => r.orderId === made.id).map((r) => r.status);
      const mine = await call<{ items: Array<{ task: { id: string | null } | null }> }>(server.origin, calls.works.mine.path, { limit: 100 }, person!.token);
      const works = mine.items.filter((w) => w.task?.id === made.id).length;
      const met = ended.state === 'done' ? charges.join() === 'paid' && works === 1 : charges.filter((c) => c === 'refunded').length === 1 && works === 0;
      results[type] = { state: ended.state, charges, works, met };
    }
  } finally {
    await stopServer(server.child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return results;
}

export async function tasks() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'starlit-bench-tasks-'));
  const env = { ADMIN_USERS: 'benchadmin', SEED_DEMO: '0', CREATION_DELAY_MS: '0' };
  const server = await startServer(null, dataDir, null, path.join(dataDir, 'server.log'), env);
  const local = pipelines();
  type Times = { server: number[]; raw: number[]; serverSteps: Array<Record<string, number>>; rawSteps: Array<Record<string, number>> };
  const times = Object.fromEntries(DAILY_TASK_TYPES.map((t) => [t, { server: [], raw: [], serverSteps: [], rawSteps: [] } as Times])) as Record<DailyTaskType, Times>;
  // a first run of each pipeline here, not counted: fonts, the WASM of the encoders and the JIT warm up once per process
  for (const type of DAILY_TASK_TYPES) await raw(local[type], formOf(type, star.agentId), 0);
  try {
    // one person per run: each type may run three times a day per person
    const people = await peopleWithCounts(server.origin, 'benchadmin', RUNS, 100);
    const agents = await Promise.all(people.map((p) => call<{ id: string }>(server.origin, calls.agents.create.path, STAR, p.token)));
    for (let r = 0; r < RUNS; r++) {
      for (const type of DAILY_TASK_TYPES) {
        const form = formOf(type, agents[r]!.id);
        const made = await call<DailyTask>(server.origin, calls.dailyTasks.create.path, { ...form, key: newKey() }, people[r]!.token);
        let task = made;
        while (task.state === 'generating') {
          await new Promise((resolve) => setTimeout(resolve, 50));
          task = await call<DailyTask>(server.origin, calls.dailyTasks.get.path, { id: made.id }, people[r]!.token);
        }
        if (task.state !== 'done') throw new Error(`${type} ended ${task.state}: ${task.error}`);
        times[type].server.push(Date.parse(task.finishedAt!) - Date.parse(task.createdAt));
        times[type].serverSteps.push(Object.fromEntries(task.steps.map((s) => [s.name, s.ms ?? 0])));
        // the same form and seed as the server's task: offline engines draw and compose by seed, and some seeds cost more
        const here = await raw(local[type], task.form, taskSeed(task.id, task.form));
        times[type].raw.push(here.ms);
        times[type].rawSteps.push(here.steps);
      }
    }
  } finally {
    await stopServer(server.child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const types = Object.fromEntries(
    DAILY_TASK_TYPES.map((type) => {
      const [serverMs, rawMs] = [median(times[type].server), median(times[type].raw)];
      // each step's median on both sides: where a difference comes from
      const stepsOf = (runs: Array<Record<string, number>>) => Object.fromEntries(Object.keys(runs[0] ?? {}).map((name) => [name, round(median(runs.map((r) => r[name] ?? 0)))]));
      return [
        type,
        {
          serverMs: round(serverMs),
          rawEngineMs: round(rawMs),
          overhead: round(serverMs / rawMs - 1),
          met: serverMs / rawMs - 1 <= TARGET_OVERHEAD,
          serverStepsMs: stepsOf(times[type].serverSteps),
          rawStepsMs: stepsOf(times[type].rawSteps),
        },
      ];
    }),
  );
  const loadAverage = os.loadavg().map(round);
  const killed = await killPhase(env);
  return {
    runs: RUNS,
    loadAverage,
    targets: { overhead: TARGET_OVERHEAD, afterKill: 'done and paid once with one work, or refunded once with none' },
    types,
    killed,
    allMet: Object.values(types).every((t) => t.met) && Object.values(killed).every((k) => k.met),
  };
}
