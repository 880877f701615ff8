import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { probeClip } from '../../ai/voice/audio-probe.ts';
import { DecoderMissingError } from '../../ai/voice/pcm.ts';
import { NoVoiceError } from '../../ai/voice/voice-analysis.ts';
import type { VoiceCloner } from '../../ai/voice/voice-cloner.ts';
import { defineJob } from '../../jobs/define-job.ts';
import type { Storage } from '../../platform/storage.ts';
import type { VoiceRow, VoicesRepository } from './voices.repository.ts';

/** Why a clone failed, as a key of ErrorCode so every reader sees it in their language. */
export type CloneFailure = 'VOICE_CLONE_CLIP_LOST' | 'VOICE_CLONE_NO_VOICE' | 'VOICE_CLONE_NEEDS_FFMPEG' | 'VOICE_CLONE_ENGINE_FAILED';

/** Makes the spoken sample of a finished voice; null when no engine can speak it now. */
export type SampleMaker = (voice: VoiceRow & { engineParams: NonNullable<VoiceRow['engineParams']> }) => Promise<string | null>;

export const VOICE_CLONE_JOB = 'voice.clone';

export interface CloneJobDeps {
  clone(voiceId: string, signal: AbortSignal): Promise<void>;
  failed(voiceId: string): Promise<void>;
}

/**
 * Clones a voice from its stored clip after the upload call answered. The row stays 'creating'
 * until the job is done or failed; one attempt, as before: a clip that did not clone once will
 * not the second time, and the person can upload again. The dedupe key keeps one job per voice,
 * so re-queueing the unfinished ones at start never runs a clone twice.
 */
export const voiceCloneJob = defineJob({
  name: VOICE_CLONE_JOB,
  payload: z.object({ voiceId: z.uuid() }),
  timeoutMs: 5 * 60_000,
  concurrency: 2,
  retry: { attempts: 1, backoffMs: 0 },
  dedupeKey: (p) => p.voiceId,
  handler: (p, ctx, deps: CloneJobDeps) => deps.clone(p.voiceId, ctx.signal),
  onSettled: async (p, _job, status, deps) => {
    // a timeout or an engine error: the handler could not say so itself
    if (status === 'failed') await deps.failed(p.voiceId);
  },
});

function failureOf(err: unknown): CloneFailure | null {
  if (err instanceof NoVoiceError) return 'VOICE_CLONE_NO_VOICE';
  if (err instanceof DecoderMissingError) return 'VOICE_CLONE_NEEDS_FFMPEG';
  return null;
}

/** The clone job's work over the voices table and the stored clip. */
export function cloneWork(deps: { voices: VoicesRepository; storage: Storage; cloner: VoiceCloner; makeSample: SampleMaker; log: FastifyBaseLogger }): CloneJobDeps {
  const { voices, storage, cloner, log } = deps;

  /**
   * The clip is a person's own voice: it stays no longer than the clone needs it, and is gone
   * before anyone can read that the clone failed.
   */
  async function fail(voiceId: string, reason: CloneFailure) {
    const row = await voices.byId(voiceId);
    if (row?.status !== 'creating') return;
    if (row.clipKey) await storage.delete(row.clipKey);
    await voices.fail(voiceId, reason);
  }

  return {
    async clone(voiceId, signal) {
      const row = await voices.byId(voiceId);
      // deleted, or finished by an attempt whose process died before its job row said so
      if (row?.status !== 'creating') return;
      const audio = row.clipKey ? await storage.read(row.clipKey) : null;
      if (!audio) return fail(row.id, 'VOICE_CLONE_CLIP_LOST');
      try {
        const probed = await probeClip(audio);
        const cloned = await cloner.clone({ audio, ...probed, name: row.name, language: row.language }, signal);
        const sample = await deps.makeSample({ ...row, engineParams: cloned.engineParams }).catch((err: unknown) => {
          log.warn({ err, voiceId: row.id }, 'no sample for a cloned voice');
          return null;
        });
        await voices.finish(row.id, cloned.engineParams, sample);
      } catch (err) {
        const failure = failureOf(err);
        log.warn({ err, voiceId: row.id, engine: cloner.engine }, 'voice clone failed');
        // what the clip is, not the engine: recorded here; anything else fails the job (see onSettled)
        if (failure && !signal.aborted) return fail(row.id, failure);
        throw err;
      }
    },
    failed: (voiceId) => fail(voiceId, 'VOICE_CLONE_ENGINE_FAILED'),
  };
}
