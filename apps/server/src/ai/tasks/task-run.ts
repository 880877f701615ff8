import { createHash } from 'node:crypto';
import type { DailyTaskForm, DailyTaskStepName, Language } from '@starlit/contract';
import type { SpeechVoice } from '../speech/speech-model.ts';
import { espeakVoiceIn } from '../speech/voice-language.ts';

/** The agent a task stars, as its pipelines read it. */
export interface TaskStar {
  agentId: string;
  name: string;
  /** Its role setting and introduction: what a writer knows of who it is. */
  persona: string;
  /** Its opening line. */
  greeting: string;
  /** The start of its introduction, joined to picture prompts ("Character: …"). */
  words: string;
  /** Its 2D picture, the reference of engines that take one. */
  picture: Buffer | null;
  /** Its first voice, with the person's settings; null when it has none with engine parameters yet. */
  voice: SpeechVoice | null;
  /** The storage key of its 3D model, when it has one. */
  modelKey: string | null;
}

/** A file of a task's result, stored already. */
export interface TaskFile {
  role: 'image' | 'page' | 'panel' | 'audio' | 'mp3' | 'subtitles' | 'lyrics' | 'waveform' | 'video' | 'dance' | 'song' | 'character' | 'card';
  key: string;
  mime: string;
}

/** The result a pipeline answers: the files first of which is the piece itself. */
export interface TaskResult {
  title: string;
  text: string | null;
  files: TaskFile[];
  facts: Record<string, number>;
}

/**
 * What a pipeline gets for one attempt of a task. `step` runs a named step once: a step whose
 * output is kept (an earlier attempt, or a process that crashed after it) answers that output
 * without running again, so a failed later step is retried without redoing the earlier ones.
 * Outputs are JSON (files by storage key, through `put`).
 */
export interface TaskRun {
  taskId: string;
  ownerId: string;
  form: DailyTaskForm;
  lang: Language;
  star: TaskStar;
  /** Repeatable per task: a second attempt draws and composes the same way. */
  seed: number;
  signal: AbortSignal;
  step<T>(name: DailyTaskStepName, work: () => Promise<StepOutput<T>>): Promise<T>;
  /** Stores a file under the task's folder and answers its key. */
  put(bytes: Buffer, mime: string, name: string): Promise<string>;
  read(key: string): Promise<Buffer>;
}

/** The star's voice reading words in `lang` (an eSpeak NG voice moved into that language). */
export function voiceIn(voice: SpeechVoice, lang: Language): SpeechVoice {
  return voice.engineParams.engine === 'espeak-ng' ? { ...voice, engineParams: espeakVoiceIn(voice.engineParams, lang) } : voice;
}

/** A task's seed, the same for every attempt of it: from its id and its form. */
export function taskSeed(taskId: string, form: DailyTaskForm): number {
  return createHash('sha256')
    .update(`${taskId}\n${JSON.stringify(form)}`)
    .digest()
    .readUInt32LE(0);
}

/** What a step's work answers: its output to keep and the engine that made it. */
export interface StepOutput<T> {
  output: T;
  engine: string | null;
}

/** One daily task type's pipeline (docs/daily-tasks.md, Pipelines): composed of steps, each an engine call. */
export interface TaskPipeline {
  run(run: TaskRun): Promise<TaskResult>;
}

/** Where a task's step outputs are kept. */
export interface StepStore {
  kept(name: string): Promise<{ output: unknown } | null>;
  begin(name: string): Promise<void>;
  done(name: string, output: unknown, engine: string | null, ms: number): Promise<void>;
  failed(name: string): Promise<void>;
}

/** A step's engine failed: the task fails "Generation failed", and a retry starts at this step. */
export class StepFailedError extends Error {
  constructor(
    readonly step: string,
    cause: unknown,
  ) {
    super(`step ${step} failed: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'StepFailedError';
  }
}

/**
 * The `step` of a run over a store: a kept output is answered as it is; otherwise the work runs,
 * timed, and its output is kept before the next step starts. `onDone` hears each finished step
 * (the task's progress). Once `signal` aborts, no step starts or is kept.
 */
export function stepRunner(store: StepStore, onDone: (name: string) => Promise<void>, signal: AbortSignal): TaskRun['step'] {
  return async <T>(name: DailyTaskStepName, work: () => Promise<StepOutput<T>>): Promise<T> => {
    const kept = await store.kept(name);
    if (kept) return kept.output as T;
    // an attempt that was stopped (a cancel, a timeout, a shutdown) starts and keeps nothing more
    signal.throwIfAborted();
    await store.begin(name);
    const started = performance.now();
    let made: StepOutput<T>;
    try {
      made = await work();
    } catch (error) {
      await store.failed(name).catch(() => undefined);
      throw error instanceof StepFailedError ? error : new StepFailedError(name, error);
    }
    signal.throwIfAborted();
    await store.done(name, made.output, made.engine, Math.round(performance.now() - started));
    await onDone(name);
    return made.output;
  };
}
