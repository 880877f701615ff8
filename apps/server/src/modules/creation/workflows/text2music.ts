import { encodeMp3 } from '../../../ai/music/encode.ts';
import type { MusicModel, MusicProgress, MusicResult } from '../../../ai/music/music-model.ts';
import { withWavInfo } from '../../../ai/music/wav-info.ts';
import { decodeWav } from '../../../ai/voice/pcm.ts';
import { checkedPng } from '../../../ai/image/checked-png.ts';
import type { WorkflowFor, WorkflowRun } from './workflow.ts';

/** The size of the waveform picture every music engine draws (ai/music/encode.ts). */
export const WAVEFORM_SIZE = { width: 800, height: 160 } as const;

/**
 * Passes the engine's reports on to the creation, in order and without repeats: the
 * provider's percentage while it composes (a stage alone keeps the last figure), then
 * encoding. The engine reports synchronously; the writes are chained so none overtakes another.
 */
function forwardProgress(run: WorkflowRun) {
  let last: { percent: number; stage: 'composing' | 'encoding' } = { percent: -1, stage: 'composing' };
  let chain = Promise.resolve();
  return {
    report(progress: MusicProgress) {
      const stage = progress.stage === 'encoding' || progress.stage === 'done' ? 'encoding' : 'composing';
      // a bar never moves back, also when a provider's later log line shows a lower figure
      const percent = Math.max(0, last.percent, progress.percent ?? 0);
      if (percent === last.percent && stage === last.stage) return;
      last = { percent, stage };
      chain = chain.then(() => run.progress(percent, stage));
    },
    idle: () => chain,
  };
}

/**
 * text2Music: a description with optional genre and mood words, a length and "instrumental",
 * composed by the configured `MusicModel` (the offline composer or a model on Replicate). The
 * result is the engine's WAV with the description and settings in its LIST/INFO tags, an MP3
 * made from it with the same as ID3 tags, and the engine's waveform picture.
 */
export function text2MusicWorkflow(deps: { musicModel: MusicModel }): WorkflowFor<'text2Music'> {
  return {
    engine: () => deps.musicModel.engine,
    firstStage: 'composing',
    async check(_tx, _userId, params) {
      const genre = params.genre?.trim();
      const mood = params.mood?.trim();
      return { workflow: 'text2Music', description: params.description, seconds: params.seconds, instrumental: params.instrumental, ...(genre ? { genre } : {}), ...(mood ? { mood } : {}) };
    },
    async run(params, run) {
      const reports = forwardProgress(run);
      const request = { description: params.description, genre: params.genre, mood: params.mood, seconds: params.seconds, instrumental: params.instrumental, seed: run.seed, format: 'wav' } as const;
      let piece: MusicResult;
      try {
        piece = await run.engine(() => deps.musicModel.generate(request, { signal: run.signal, onProgress: reports.report }));
      } catch (error) {
        // the engine's failure is the one to tell; a progress write failing beside it is not
        await reports.idle().catch(() => undefined);
        throw error;
      }
      // whatever the engine said last, what follows is encoding
      reports.report({ stage: 'encoding', percent: 100 });
      await reports.idle();
      if (piece.contentType !== 'audio/wav') throw new Error(`the music engine answered ${piece.contentType}, not the WAV asked for`);
      const { samples, sampleRate } = decodeWav(piece.audio);
      const seconds = samples.length / sampleRate;
      const genre = params.genre ?? (typeof piece.settings.genre === 'string' ? piece.settings.genre : undefined);
      // the same provenance in both files: the description as the title, the engine and settings as JSON
      const tags = { title: params.description, comment: JSON.stringify({ engine: piece.engine, ...piece.settings }), ...(genre ? { genre } : {}) };
      const wav = withWavInfo(piece.audio, { ...tags, software: piece.engine });
      const mp3 = await encodeMp3(samples, sampleRate, tags, run.signal);
      const waveform = await checkedPng(piece.waveform, WAVEFORM_SIZE);
      const facts: Record<string, number> = { seconds: Math.round(seconds * 100) / 100 };
      // the offline composer plays the tempo it chose; a hosted model does not say one
      if (typeof piece.settings.bpm === 'number') facts.bpm = piece.settings.bpm;
      return {
        engine: piece.engine,
        files: [
          { role: 'audio', mime: 'audio/wav', bytes: wav, ext: '.wav' },
          { role: 'mp3', mime: 'audio/mpeg', bytes: mp3, ext: '.mp3' },
          { role: 'waveform', mime: 'image/png', bytes: waveform, ext: '.png' },
        ],
        facts,
      };
    },
  };
}
