import type { SongGenre } from '@starlit/contract';
import { decodeAudio, waveformPng } from '../music/encode.ts';
import { ALGORITHMIC_COMPOSER_ENGINE } from '../music/composer.ts';
import type { MusicModel } from '../music/music-model.ts';
import type { LyricsWriter } from '../song/lyrics.ts';
import { genreFeel, type Melody, writeMelody } from '../song/melody.ts';
import type { Singer } from '../song/singer.ts';
import { composeBacking } from '../song/backing.ts';
import { mixSong } from '../song/mix.ts';
import { lyricSheet } from '../song/sheet.ts';
import type { TaskPipeline } from './task-run.ts';
import { taskTitle } from './title.ts';

export interface SongDeps {
  writer: LyricsWriter;
  musicModel: MusicModel;
  singer: Singer;
}

const NOTE_NAMES = ['C', 'C#', 'D', 'D#', 'E', 'F', 'F#', 'G', 'G#', 'A', 'A#', 'B'];

/**
 * text_to_song: lyrics (verses and chorus) in the agent's words, a melody for them, the backing
 * (the offline composer at the melody's tempo and key; a music provider is asked for the same
 * tempo and key), the vocal sung by the configured singer (offline: eSpeak NG pitched note by
 * note), mixed into the song, with its lyric sheet timed to the melody.
 */
export function textToSongPipeline(deps: SongDeps): TaskPipeline {
  return {
    async run(run) {
      const { form, star } = run;
      const genre: SongGenre = form.song?.source === 'compose' ? form.song.genre : 'pop';
      const lyrics = await run.step('lyrics', async () => ({
        output: await deps.writer.write(
          { description: form.description, introduction: form.introduction, agent: { name: star.name, persona: star.persona }, genre, lang: run.lang, seed: run.seed },
          run.signal,
        ),
        engine: deps.writer.engine,
      }));
      const melody = await run.step('melody', async () => ({ output: writeMelody(lyrics, { ...genreFeel(genre), seed: run.seed, lang: run.lang }), engine: null }));
      const backing = await run.step('backing', async () => {
        if (deps.musicModel.engine === ALGORITHMIC_COMPOSER_ENGINE) {
          const composed = await composeBacking(melody, { genre, seed: run.seed });
          return { output: await run.put(composed.audio, 'audio/wav', 'backing.wav'), engine: ALGORITHMIC_COMPOSER_ENGINE };
        }
        const piece = await deps.musicModel.generate(
          { description: `${form.description}, ${melody.bpm} bpm, in ${keyName(melody)}`, genre, seconds: Math.ceil(melody.seconds), instrumental: true, seed: run.seed, format: 'wav' },
          { signal: run.signal },
        );
        return { output: await run.put(piece.audio, piece.contentType, piece.contentType === 'audio/mpeg' ? 'backing.mp3' : 'backing.wav'), engine: piece.engine };
      });
      const voice = star.voice;
      if (!voice) throw new Error(`${star.name} has no voice to sing with`);
      const vocal = await run.step('vocal', async () => {
        const sung = await deps.singer.sing({ melody, voice, lang: run.lang }, run.signal);
        return { output: await run.put(sung.audio, 'audio/wav', 'vocal.wav'), engine: sung.engine };
      });
      const title = lyrics.title.trim() || form.description;
      const mixed = await run.step('mix', async () => {
        const song = await mixSong(await run.read(vocal), await run.read(backing), { title, artist: star.name, signal: run.signal });
        const sheet = lyricSheet(lyrics, melody);
        const { samples } = await decodeAudio(song.wav, run.signal);
        return {
          output: {
            wav: await run.put(song.wav, 'audio/wav', 'song.wav'),
            mp3: await run.put(song.mp3, 'audio/mpeg', 'song.mp3'),
            lyrics: await run.put(Buffer.from(sheet.text), 'text/plain; charset=utf-8', 'lyrics.txt'),
            vtt: await run.put(Buffer.from(sheet.vtt), 'text/vtt; charset=utf-8', 'lyrics.vtt'),
            waveform: await run.put(await waveformPng(samples), 'image/png', 'waveform.png'),
            text: sheet.text,
            seconds: Math.round(song.seconds * 100) / 100,
          },
          engine: null,
        };
      });
      return {
        title: taskTitle(lyrics.title, form.description),
        text: mixed.text,
        files: [
          { role: 'audio', key: mixed.wav, mime: 'audio/wav' },
          { role: 'mp3', key: mixed.mp3, mime: 'audio/mpeg' },
          { role: 'lyrics', key: mixed.lyrics, mime: 'text/plain; charset=utf-8' },
          { role: 'subtitles', key: mixed.vtt, mime: 'text/vtt; charset=utf-8' },
          { role: 'waveform', key: mixed.waveform, mime: 'image/png' },
        ],
        facts: { seconds: mixed.seconds, bpm: melody.bpm },
      };
    },
  };
}

/** A melody's key in words a music model reads, e.g. "A minor". */
function keyName(melody: Melody): string {
  return `${NOTE_NAMES[melody.tonic % 12]} ${melody.mode}`;
}
