import type { SongSource } from '@starlit/contract';
import { checkSong, type DanceModel, SONG_EXTENSIONS, songType } from '../dance/index.ts';
import { GLB_MAGIC } from '../../platform/glb.ts';
import type { MusicModel } from '../music/music-model.ts';
import type { TaskPipeline, TaskRun } from './task-run.ts';
import { taskTitle } from './title.ts';

/** How long a composed dance song is: a chorus and a verse, a short dance people watch to the end. */
const DANCE_SONG_SECONDS = 40;

export interface DanceDeps {
  musicModel: MusicModel;
  danceModel: DanceModel;
  /** The storage key of a chosen song the person may use (checked again: it may have gone since the task was asked). */
  songKey(userId: string, song: SongSource): Promise<string>;
  /** Who dances: the star's own 3D model, or the built-in model for a 2D agent; `shared` models are not copied. */
  dancer(run: TaskRun): { name: string; key: string; shared: boolean };
}

/**
 * text_to_dance: a song (the one chosen, or one composed for the description in the chosen
 * genre) danced by the agent through the studio's dance engine. The result is the `.vrma`, the
 * song and the model it was danced on, as a music2Dance creation's.
 */
export function textToDancePipeline(deps: DanceDeps): TaskPipeline {
  return {
    async run(run) {
      const { form } = run;
      const chosen = form.song && form.song.source !== 'compose' ? form.song : null;
      const song = await run.step('song', async () => {
        if (chosen) {
          // a copy of its own: the upload or the piece it came from may go, the task keeps its song
          const bytes = await run.read(await deps.songKey(run.ownerId, chosen));
          const type = songType(bytes);
          if (!type) throw new Error('the chosen song is not audio');
          return { output: { key: await run.put(bytes, type, `song${SONG_EXTENSIONS[type]}`) }, engine: null };
        }
        const genre = form.song?.source === 'compose' ? form.song.genre : 'pop';
        const piece = await deps.musicModel.generate(
          { description: `${form.description}, danceable, steady beat`, genre, seconds: DANCE_SONG_SECONDS, instrumental: true, seed: run.seed, format: 'wav' },
          { signal: run.signal },
        );
        return { output: { key: await run.put(piece.audio, piece.contentType, piece.contentType === 'audio/mpeg' ? 'song.mp3' : 'song.wav') }, engine: piece.engine };
      });
      const dancer = deps.dancer(run);
      const dance = await run.step('dance', async () => {
        const audio = await run.read(song.key);
        const { contentType, seconds } = await checkSong(audio, { signal: run.signal });
        const vrm = await run.read(dancer.key);
        const danced = await deps.danceModel.dance({ audio, contentType, character: { name: dancer.name, vrm }, seed: String(run.seed) }, { signal: run.signal });
        if (danced.vrma.length < 12 || danced.vrma.readUInt32LE(0) !== GLB_MAGIC) throw new Error('the dance engine answered something that is not a glTF binary');
        // an agent's model is copied: the agent may change or lose it, the dance keeps its dancer
        const character = dancer.shared ? dancer.key : await run.put(vrm, 'model/gltf-binary', 'character.vrm');
        return {
          output: {
            vrma: await run.put(danced.vrma, 'model/gltf-binary', 'dance.vrma'),
            songMime: contentType,
            character,
            seconds: Math.round(seconds * 100) / 100,
            ...(danced.bpm !== null ? { bpm: Math.round(danced.bpm * 10) / 10 } : {}),
            beats: danced.beats,
          },
          engine: danced.engine,
        };
      });
      return {
        title: taskTitle(form.description),
        text: null,
        files: [
          { role: 'dance', key: dance.vrma, mime: 'model/gltf-binary' },
          { role: 'song', key: song.key, mime: dance.songMime },
          { role: 'character', key: dance.character, mime: 'model/gltf-binary' },
        ],
        facts: { seconds: dance.seconds, ...(dance.bpm !== undefined ? { bpm: dance.bpm } : {}), beats: dance.beats },
      };
    },
  };
}
