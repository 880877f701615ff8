import type { FastifyBaseLogger } from 'fastify';
import { probeClip } from '../../ai/voice/audio-probe.ts';
import { DecoderMissingError } from '../../ai/voice/pcm.ts';
import { NoVoiceError } from '../../ai/voice/voice-analysis.ts';
import type { VoiceCloner } from '../../ai/voice/voice-cloner.ts';
import type { Storage } from '../../platform/storage.ts';
import type { VoiceRow, VoicesRepository } from './voices.repository.ts';

/** Why a clone failed, as a key of ErrorCode so every reader sees it in their language. */
export type CloneFailure = 'VOICE_CLONE_CLIP_LOST' | 'VOICE_CLONE_NO_VOICE' | 'VOICE_CLONE_NEEDS_FFMPEG' | 'VOICE_CLONE_ENGINE_FAILED';

function failureOf(err: unknown): CloneFailure {
  if (err instanceof NoVoiceError) return 'VOICE_CLONE_NO_VOICE';
  if (err instanceof DecoderMissingError) return 'VOICE_CLONE_NEEDS_FFMPEG';
  return 'VOICE_CLONE_ENGINE_FAILED';
}

/** Makes the spoken sample of a finished voice; null when no engine can speak it now. */
export type SampleMaker = (voice: VoiceRow & { engineParams: NonNullable<VoiceRow['engineParams']> }) => Promise<string | null>;

/**
 * Runs clones in the background after the upload call answered. Each row stays 'creating'
 * until it is done or failed, so a restart finds unfinished ones and runs them again from the
 * stored clip; closing aborts what is running and leaves those rows for the next start.
 */
export function cloneRunner(deps: { voices: VoicesRepository; storage: Storage; cloner: VoiceCloner; makeSample: SampleMaker; log: FastifyBaseLogger }) {
  const { voices, storage, cloner, log } = deps;
  const running = new Map<string, { controller: AbortController; done: Promise<void> }>();

  async function work(row: VoiceRow, signal: AbortSignal) {
    const audio = row.clipKey ? await storage.read(row.clipKey) : null;
    if (!audio) return voices.fail(row.id, 'VOICE_CLONE_CLIP_LOST');
    try {
      const probed = await probeClip(audio);
      const cloned = await cloner.clone({ audio, ...probed, name: row.name, language: row.language }, signal);
      const sample = await deps.makeSample({ ...row, engineParams: cloned.engineParams }).catch((err: unknown) => {
        log.warn({ err, voiceId: row.id }, 'no sample for a cloned voice');
        return null;
      });
      await voices.finish(row.id, cloned.engineParams, sample);
    } catch (err) {
      if (signal.aborted) return;
      log.warn({ err, voiceId: row.id, engine: cloner.engine }, 'voice clone failed');
      // the clip is a person's own voice: it stays no longer than the clone needs it, and is
      // gone before anyone can read that the clone failed
      if (row.clipKey) await storage.delete(row.clipKey);
      await voices.fail(row.id, failureOf(err));
    }
  }

  function start(row: VoiceRow) {
    if (running.has(row.id)) return;
    const controller = new AbortController();
    const done = work(row, controller.signal)
      .catch((err: unknown) => log.error({ err, voiceId: row.id }, 'voice clone could not record its result'))
      .finally(() => running.delete(row.id));
    running.set(row.id, { controller, done });
  }

  return {
    start,
    /** Picks up clones a stop interrupted. */
    async resume(): Promise<number> {
      const rows = await voices.creating();
      rows.forEach(start);
      return rows.length;
    },
    /** Waits for running clones (tests, and a clean shutdown after `stop`). */
    async settle(): Promise<void> {
      await Promise.all([...running.values()].map((r) => r.done));
    },
    async stop(): Promise<void> {
      for (const r of running.values()) r.controller.abort(new Error('server closing'));
      await Promise.all([...running.values()].map((r) => r.done));
    },
  };
}
