import { encodeMp3 } from '../music/encode.ts';
import { encodeWav } from '../music/wav.ts';
import type { SpeechModel, SpeechVoice } from '../speech/speech-model.ts';
import { decodeToMono } from '../voice/pcm.ts';
import { type Cue, sentencesOf, webVtt } from '../subtitles/webvtt.ts';
import type { SpeechWriter } from './speech-script.ts';
import { type TaskPipeline, type TaskRun, voiceIn } from './task-run.ts';
import { taskTitle } from './title.ts';

/** Silence between sentences, so each cue ends where its sentence does. */
const PAUSE_SECONDS = 0.3;

/** Spoken lines one after another, with the time each one starts and ends. */
export interface Spoken {
  samples: Float32Array;
  sampleRate: number;
  cues: Cue[];
  engine: string;
}

/**
 * Speaks each line apart and joins them with a pause: the cue times are where each line's own
 * audio is, not an estimate. Lines come back at the first line's sample rate.
 */
export async function speakLines(speech: SpeechModel, voice: SpeechVoice, lines: string[], signal: AbortSignal): Promise<Spoken> {
  const parts: Array<{ samples: Float32Array; text: string }> = [];
  let sampleRate = 0;
  let engine = speech.engine;
  for (const text of lines) {
    const spoken = await speech.synthesize(text, voice, signal);
    engine = spoken.engine;
    const decoded = await decodeToMono(spoken.audio, spoken.contentType, { signal });
    if (sampleRate === 0) sampleRate = decoded.sampleRate;
    if (decoded.sampleRate !== sampleRate) throw new Error(`the speech engine answered ${decoded.sampleRate} Hz after ${sampleRate} Hz`);
    parts.push({ samples: decoded.samples, text });
  }
  const pause = Math.round(PAUSE_SECONDS * sampleRate);
  const samples = new Float32Array(parts.reduce((sum, p) => sum + p.samples.length + pause, 0));
  const cues: Cue[] = [];
  let at = 0;
  for (const part of parts) {
    samples.set(part.samples, at);
    cues.push({ start: at / sampleRate, end: (at + part.samples.length) / sampleRate, text: part.text });
    at += part.samples.length + pause;
  }
  return { samples, sampleRate, cues, engine };
}

/** text_to_speech: a script in the agent's words, read in its voice, with a subtitle per sentence. */
export function textToSpeechPipeline(deps: { writer: SpeechWriter; speech: SpeechModel }): TaskPipeline {
  return {
    async run(run: TaskRun) {
      const { form, star } = run;
      const script = await run.step('script', async () => ({
        output: await deps.writer.write({ description: form.description, introduction: form.introduction, star, lang: run.lang }, run.signal),
        engine: deps.writer.engine,
      }));
      const voice = star.voice && voiceIn(star.voice, run.lang);
      if (!voice) throw new Error(`${star.name} has no voice to speak with`);
      const audio = await run.step('speech', async () => {
        const spoken = await speakLines(deps.speech, voice, sentencesOf(script), run.signal);
        const title = taskTitle(form.description);
        const [wav, mp3] = [encodeWav(spoken.samples, spoken.sampleRate), await encodeMp3(spoken.samples, spoken.sampleRate, { title, artist: star.name }, run.signal)];
        return {
          output: {
            wav: await run.put(wav, 'audio/wav', 'speech.wav'),
            mp3: await run.put(mp3, 'audio/mpeg', 'speech.mp3'),
            vtt: await run.put(Buffer.from(webVtt(spoken.cues)), 'text/vtt; charset=utf-8', 'speech.vtt'),
            seconds: Math.round((spoken.samples.length / spoken.sampleRate) * 100) / 100,
            sentences: spoken.cues.length,
          },
          engine: spoken.engine,
        };
      });
      return {
        title: taskTitle(form.description),
        text: script,
        files: [
          { role: 'audio', key: audio.wav, mime: 'audio/wav' },
          { role: 'mp3', key: audio.mp3, mime: 'audio/mpeg' },
          { role: 'subtitles', key: audio.vtt, mime: 'text/vtt; charset=utf-8' },
        ],
        facts: { seconds: audio.seconds, sentences: audio.sentences },
      };
    },
  };
}
