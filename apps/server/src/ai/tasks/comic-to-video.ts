import { COMIC_VIDEO_ENGINE, makeComicVideo } from '../video/comic-video.ts';
import type { MusicModel } from '../music/music-model.ts';
import { encodeWav } from '../music/wav.ts';
import type { SpeechModel } from '../speech/speech-model.ts';
import { type ComicDeps, comicSteps, scriptText } from './comic-steps.ts';
import { speakLines } from './text-to-speech.ts';
import { type TaskPipeline, voiceIn } from './task-run.ts';
import { taskTitle } from './title.ts';

/** One panel's spoken words, stored: its caption and its lines, each a WAV by key. */
interface SpokenPanel {
  narration: { text: string; key: string } | null;
  lines: Array<{ speaker: string; text: string; key: string }>;
}

/** Background music under the whole video: a minute, looped by the renderer if the video is longer. */
const MUSIC_SECONDS = 60;

/**
 * comic_to_video: a comic (made now, or one of the person's, whose kept steps it starts from)
 * becomes an MP4: every caption and line spoken in the agent's voice, music composed under it
 * (ducked under the speech), then the panels panned and zoomed with transitions and the words
 * burned in as subtitles (also given as WebVTT). The panels are the undrawn-on ones: the words
 * are heard and subtitled, not lettered twice.
 */
export function comicToVideoPipeline(deps: ComicDeps & { speech: SpeechModel; musicModel: MusicModel }): TaskPipeline {
  return {
    async run(run) {
      const { star, form } = run;
      const comic = await comicSteps(deps, run);
      const voice = star.voice && voiceIn(star.voice, run.lang);
      if (!voice) throw new Error(`${star.name} has no voice to speak with`);
      const spoken = await run.step('voices', async () => {
        const out: SpokenPanel[] = [];
        let engine = deps.speech.engine;
        for (const panel of comic.script.panels) {
          const texts = [panel.narration, ...panel.lines.map((l) => l.text)].filter((t) => t.trim());
          const said = texts.length > 0 ? await speakLines(deps.speech, voice, texts, run.signal) : null;
          if (said) engine = said.engine;
          // each text's own stretch of the joined audio, stored apart so the video places it
          const keys = await Promise.all(
            (said?.cues ?? []).map((cue, i) =>
              run.put(
                encodeWav(said!.samples.subarray(Math.round(cue.start * said!.sampleRate), Math.round(cue.end * said!.sampleRate)), said!.sampleRate),
                'audio/wav',
                `line-${out.length + 1}-${i + 1}.wav`,
              ),
            ),
          );
          const narrated = panel.narration.trim() ? 1 : 0;
          out.push({
            narration: narrated ? { text: panel.narration, key: keys[0]! } : null,
            lines: panel.lines.filter((l) => l.text.trim()).map((line, i) => ({ speaker: line.speaker, text: line.text, key: keys[narrated + i]! })),
          });
        }
        return { output: out, engine };
      });
      const music = await run.step('music', async () => {
        const piece = await deps.musicModel.generate(
          { description: `${form.description}, gentle background music`, seconds: MUSIC_SECONDS, instrumental: true, seed: run.seed, format: 'wav' },
          { signal: run.signal },
        );
        return { output: await run.put(piece.audio, piece.contentType, piece.contentType === 'audio/mpeg' ? 'music.mp3' : 'music.wav'), engine: piece.engine };
      });
      const title = comic.script.title.trim() || taskTitle(form.description);
      const video = await run.step('video', async () => {
        const panels = await Promise.all(
          comic.panels.map(async (key, i) => ({
            image: await run.read(key),
            lines: await Promise.all(spoken[i]!.lines.map(async (l) => ({ speaker: l.speaker, text: l.text, audio: await run.read(l.key) }))),
            ...(spoken[i]!.narration ? { narration: { speaker: '', text: spoken[i]!.narration!.text, audio: await run.read(spoken[i]!.narration!.key) } } : {}),
          })),
        );
        const made = await makeComicVideo({ title, panels, music: await run.read(music), subtitles: 'burned', lang: run.lang, seed: run.seed }, { signal: run.signal });
        return {
          output: {
            mp4: await run.put(made.mp4, 'video/mp4', 'video.mp4'),
            vtt: await run.put(Buffer.from(made.vtt), 'text/vtt; charset=utf-8', 'video.vtt'),
            seconds: Math.round(made.seconds * 100) / 100,
            width: made.width,
            height: made.height,
          },
          engine: COMIC_VIDEO_ENGINE,
        };
      });
      return {
        title: taskTitle(comic.script.title, form.description),
        text: scriptText(comic.script),
        files: [
          { role: 'video', key: video.mp4, mime: 'video/mp4' },
          { role: 'subtitles', key: video.vtt, mime: 'text/vtt; charset=utf-8' },
          ...comic.lettered.map((key) => ({ role: 'panel' as const, key, mime: 'image/png' })),
        ],
        facts: { seconds: video.seconds, width: video.width, height: video.height, panels: comic.panels.length },
      };
    },
  };
}
