import type { CreationFile, CreationParams } from '@starlit/contract';
import type { Tx } from '../../../db/client.ts';

type Stage = 'drawing' | 'composing' | 'analysing' | 'choreographing' | 'encoding';

/** What a workflow gets while it runs one attempt of a creation. */
export interface WorkflowRun {
  creationId: string;
  ownerId: string;
  signal: AbortSignal;
  /** Repeatable per creation: the same creation draws the same way on a second attempt. */
  seed: number;
  /** Reports how far it is (0–100 of the work, mapped into the creation's bar) and at which stage. */
  progress(percent: number, stage: Stage): Promise<void>;
  /**
   * Runs the engine's part: an error thrown here is the engine's ("Generation failed", 5104);
   * anything failing outside it is the server's ("Server generation failed", 5105).
   */
  engine<T>(work: () => Promise<T>): Promise<T>;
  /** The bytes of a stored file (an upload the creation names). */
  read(key: string): Promise<Buffer>;
}

/** One file of a result. The first one is the original, the file `download` gives. */
export interface OutputFile {
  role: CreationFile['role'];
  mime: string;
  /** Bytes to store, or the storage key of a file that is already stored (a song a dance reuses, an img2Img reference). */
  bytes?: Buffer;
  key?: string;
  /** File name extension with its dot. */
  ext: string;
}

export interface WorkflowOutput {
  engine: string;
  files: OutputFile[];
  facts: Record<string, number>;
}

/**
 * One pipeline of the studio (docs/creation.md, Workflows). The creation service owns money,
 * states, progress, storage and the job; a workflow checks its own input before anything is
 * charged and makes the result's files.
 */
export interface Workflow<P extends CreationParams = CreationParams> {
  /** The engine's readable name at acceptance (the job may record the one that really answered). */
  engine(): string;
  /** The stage a creation of this workflow shows while it waits in the studio's demo pause. */
  firstStage: Stage;
  /**
   * Checks the person may make this (their agent, their upload, a song they own), inside the
   * transaction that charges them, so a refusal charges nothing. Answers the params to keep
   * (normalised).
   */
  check(tx: Tx, userId: string, params: P): Promise<P>;
  run(params: P, run: WorkflowRun): Promise<WorkflowOutput>;
}

export type WorkflowFor<W extends CreationParams['workflow']> = Workflow<Extract<CreationParams, { workflow: W }>>;
