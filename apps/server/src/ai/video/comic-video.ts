import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { seededRandom } from '../random.ts';
import { runProcess } from '../speech/run-process.ts';
import { audioSeconds } from './audio-length.ts';
import { AUDIO_RATE, audioGraph, type PlacedAudio, videoGraph } from './filter-graph.ts';
import { panelStill, titleStill, VIDEO_SIZE } from './stills.ts';
import { webVtt } from '../subtitles/webvtt.ts';
import { type Cue, cueText, oneLine, type SpokenCue, toAss } from './subtitles.ts';
import { layOut, type TimedLine, VIDEO_FPS } from './timeline.ts';

export type VideoLang = 'en_US' | 'zh_TW';
export interface VideoLine {
  speaker: string;
  text: string;
  /** WAV, any sample rate, mono or stereo (other formats ffmpeg reads work too). */
  audio: Buffer;
}
export interface VideoPanel {
  /** PNG of any aspect, e.g. 768x768 or 576x768. */
  image: Buffer;
  lines: VideoLine[];
  /** Spoken before the lines, shown without a speaker. */
  narration?: VideoLine;
}
export interface ComicVideoRequest {
  title: string;
  panels: VideoPanel[];
  /** WAV or MP3, looped or cut to the video's length. */
  music: Buffer | null;
  /** `burned` draws them into the picture; `track` only returns the WebVTT for a <track>. */
  subtitles: 'burned' | 'track';
  lang: VideoLang;
  /** Chooses the pan and zoom of each panel and the transitions. */
  seed: number;
}
export interface ComicVideo {
  mp4: Buffer;
  vtt: string;
  seconds: number;
  width: number;
  height: number;
  cues: Cue[];
}

/** The name the UI shows for videos made here. */
export const COMIC_VIDEO_ENGINE = 'Starlit comic video (ffmpeg)';
/** More panels than a daily comic ever has; the bound keeps one render's work finite. */
export const MAX_PANELS = 24;
/** The longest video rendered, in seconds (a render takes about a third of this on two cores). */
export const MAX_VIDEO_SECONDS = 300;

// a render takes well under its video's length on two cores; this much longer means ffmpeg is stuck
const timeoutMs = (seconds: number) => 60_000 + seconds * 4_000;

/** The encoder settings: H.264 High that Chromium plays, AAC stereo, the index at the front so it streams. */
const OUTPUT_ARGS = [
  '-c:v',
  'libx264',
  '-preset',
  'veryfast',
  '-crf',
  '21',
  '-profile:v',
  'high',
  '-pix_fmt',
  'yuv420p',
  '-r',
  String(VIDEO_FPS),
  '-g',
  String(VIDEO_FPS * 2),
  '-c:a',
  'aac',
  '-b:a',
  '160k',
  '-ar',
  String(AUDIO_RATE),
  '-ac',
  '2',
  '-movflags',
  '+faststart',
];

interface SpokenLine extends TimedLine {
  file: string;
}

/** A panel's spoken lines in order (narration first), each written to its own file and measured. */
async function spokenLines(panel: VideoPanel, index: number, dir: string, signal?: AbortSignal): Promise<SpokenLine[]> {
  const lines = [...(panel.narration ? [{ line: panel.narration, speaker: null }] : []), ...panel.lines.map((line) => ({ line, speaker: line.speaker }))];
  const spoken: SpokenLine[] = [];
  for (const [i, { line, speaker }] of lines.entries()) {
    const file = path.join(dir, `line-${index}-${i}`);
    await writeFile(file, line.audio);
    spoken.push({ speaker, text: line.text, seconds: await audioSeconds(line.audio, file, signal), file });
  }
  return spoken;
}

/**
 * Renders a comic as an MP4 (see docs/daily-tasks-video.md): an optional title card, then
 * each panel panned and zoomed while its lines are heard, with transitions between them, the
 * music ducked under the voices, and the subtitles burned in or returned as WebVTT. One
 * ffmpeg process does the picture and the sound, in a temporary folder (under
 * `opts.workDir` when given) that is removed afterwards; an abort kills it.
 */
export async function makeComicVideo(req: ComicVideoRequest, opts: { signal?: AbortSignal; workDir?: string } = {}): Promise<ComicVideo> {
  const { signal } = opts;
  if (req.panels.length === 0) throw new Error('a comic video needs at least one panel');
  if (req.panels.length > MAX_PANELS) throw new Error(`a comic video has at most ${MAX_PANELS} panels`);
  signal?.throwIfAborted();
  const dir = await mkdtemp(path.join(opts.workDir ?? os.tmpdir(), 'starlit-video-'));
  try {
    const panels: SpokenLine[][] = [];
    for (const [i, panel] of req.panels.entries()) panels.push(await spokenLines(panel, i, dir, signal));
    const title = oneLine(req.title);
    const timeline = layOut(panels, title !== '');
    if (timeline.seconds > MAX_VIDEO_SECONDS) throw new Error(`the comic would make a ${Math.round(timeline.seconds)} s video; the longest is ${MAX_VIDEO_SECONDS} s`);

    const stills = await Promise.all([...(title ? [titleStill(title, req.panels[0].image)] : []), ...req.panels.map((panel) => panelStill(panel.image))]);
    const stillFiles = stills.map((_, i) => path.join(dir, `still-${i}.png`));
    await Promise.all(stills.map((still, i) => writeFile(stillFiles[i], still)));
    signal?.throwIfAborted();

    const firstPanelClip = title ? 1 : 0;
    const cues: SpokenCue[] = timeline.lines.map((placed) => {
      const line = panels[placed.clip - firstPanelClip][placed.line];
      return { start: placed.start, end: placed.end, ...cueText(line.speaker, line.text, req.lang) };
    });
    let assFile: string | null = null;
    if (req.subtitles === 'burned') {
      assFile = path.join(dir, 'subtitles.ass');
      await writeFile(assFile, toAss(cues));
    }

    const lineFiles = timeline.lines.map((placed) => panels[placed.clip - firstPanelClip][placed.line].file);
    const placed: PlacedAudio[] = timeline.lines.map((line, i) => ({ input: stillFiles.length + i, start: line.start }));
    const inputs = [...stillFiles.flatMap((file) => ['-i', file]), ...lineFiles.flatMap((file) => ['-i', file])];
    let musicInput: number | null = null;
    if (req.music) {
      const musicFile = path.join(dir, 'music');
      await writeFile(musicFile, req.music);
      musicInput = stillFiles.length + lineFiles.length;
      inputs.push('-stream_loop', '-1', '-i', musicFile);
    }
    const random = seededRandom(req.seed);
    const graph = [...videoGraph(timeline, random, assFile), ...audioGraph(placed, musicInput, timeline.seconds)].join(';');
    const output = path.join(dir, 'video.mp4');
    const args = [
      '-hide_banner',
      '-nostdin',
      '-loglevel',
      'error',
      ...inputs,
      '-filter_complex',
      graph,
      '-map',
      '[vout]',
      '-map',
      '[aout]',
      ...OUTPUT_ARGS,
      '-t',
      String(timeline.seconds),
      '-y',
      output,
    ];
    const out = await runProcess('ffmpeg', args, { timeoutMs: timeoutMs(timeline.seconds), signal });
    if (out.code !== 0) throw new Error(`ffmpeg could not render the comic video: ${out.stderr.trim().slice(0, 400)}`);

    const plainCues = cues.map(({ start, end, text }) => ({ start: Math.round(start * 1000) / 1000, end: Math.round(end * 1000) / 1000, text }));
    return { mp4: await readFile(output), vtt: webVtt(plainCues), seconds: timeline.seconds, width: VIDEO_SIZE.width, height: VIDEO_SIZE.height, cues: plainCues };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
