import { seededRandom } from '../random.ts';
import { ALGORITHMIC_COMPOSER_ENGINE } from './composer.ts';
import { encodeMp3, waveformPng } from './encode.ts';
import { clampSeconds, requestText, type MusicModel, type MusicSettings } from './music-model.ts';
import { composeSong } from './song.ts';
import { readStyle } from './style.ts';
import { encodeWav } from './wav.ts';

const SAMPLE_RATE = 22_050;
const NOTE_NAMES = ['C', 'C#', 'D', 'Eb', 'E', 'F', 'F#', 'G', 'Ab', 'A', 'Bb', 'B'];

/**
 * The offline text2Music engine: reads genre, mood, instrument and tempo words from the
 * request, composes a whole song in that style with the algorithmic composer, and encodes it
 * as WAV or MP3 with a waveform picture. Always instrumental: it has no voice to sing with.
 */
export function offlineMusicModel(): MusicModel {
  const engine = ALGORITHMIC_COMPOSER_ENGINE;
  return {
    engine,
    async generate(request, options = {}) {
      const { signal, onProgress } = options;
      signal?.throwIfAborted();
      onProgress?.({ stage: 'composing', percent: 0 });
      const style = readStyle(requestText(request));
      const seconds = clampSeconds(request.seconds);
      // the key comes from the seed: the same words with another seed play in another key
      const tonic = seededRandom(`key:${request.seed}`).int(55, 64);
      const song = composeSong({ seed: String(request.seed), seconds, sampleRate: SAMPLE_RATE, tonic, style });
      signal?.throwIfAborted();
      onProgress?.({ stage: 'encoding', percent: 70 });
      const settings: MusicSettings = {
        description: request.description,
        ...(request.genre ? { genreWords: request.genre } : {}),
        ...(request.mood ? { moodWords: request.mood } : {}),
        seconds,
        seed: request.seed,
        instrumental: true,
        genre: style.genre,
        bpm: style.bpm,
        key: `${NOTE_NAMES[tonic % 12]} ${style.mode}`,
        lead: style.lead,
        pad: style.pad ?? 'none',
        drums: style.drums,
        energy: style.energy,
        sections: song.sections.map((s) => s.name),
      };
      const audio =
        request.format === 'mp3'
          ? await encodeMp3(song.samples, SAMPLE_RATE, { title: request.description.slice(0, 100), comment: JSON.stringify({ engine, ...settings }) }, signal)
          : encodeWav(song.samples, SAMPLE_RATE);
      const waveform = await waveformPng(song.samples);
      onProgress?.({ stage: 'done', percent: 100 });
      return { audio, contentType: request.format === 'mp3' ? 'audio/mpeg' : 'audio/wav', waveform, seconds, engine, settings };
    },
  };
}
