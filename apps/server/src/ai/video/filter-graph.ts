import type { Random } from '../random.ts';
import { VIDEO_SIZE } from './stills.ts';
import { TRANSITION_FRAMES, type Timeline, VIDEO_FPS } from './timeline.ts';

/** Sample rate of the video's audio. */
export const AUDIO_RATE = 44_100;
/** The music bed's level before ducking (about −10 dB), so it sits under the voices. */
const MUSIC_VOLUME = 0.3;
const MUSIC_FADE_IN_SECONDS = 1;
const MUSIC_FADE_OUT_SECONDS = 2;
/**
 * The ducker: once the voices pass about −34 dBFS the music is pressed down hard within
 * 20 ms, and comes back over ~400 ms after a line ends, the usual radio "duck".
 */
const DUCKING = 'threshold=0.02:ratio=12:attack=20:release=400:makeup=1';
const PICTURE_FADE_IN_SECONDS = 0.4;
// gentle transitions that suit a comic being read: a cross-fade or a page-like slide
const TRANSITIONS = ['fade', 'fade', 'slideleft', 'smoothleft', 'smoothup', 'fadeblack'] as const;

/** The slow pan and zoom over one still: zoom from `z0` to `z1`, crop centre moving from `from` to `to` (0–1 of the slack). */
export interface KenBurns {
  z0: number;
  z1: number;
  from: [number, number];
  to: [number, number];
}

/**
 * A Ken Burns move chosen by `random`: zoom in, zoom out or a pan at a steady zoom, drifting
 * across the picture in a random direction. The drift always covers most of the slack, so
 * each shot visibly moves.
 */
export function kenBurns(random: Random): KenBurns {
  const angle = random.range(0, 2 * Math.PI);
  const reach = random.range(0.3, 0.45);
  const dx = Math.cos(angle) * reach;
  const dy = Math.sin(angle) * reach;
  const kind = random.pick(['in', 'out', 'pan'] as const);
  const [z0, z1] = kind === 'in' ? [1, 1.12] : kind === 'out' ? [1.12, 1] : [1.1, 1.1];
  return { z0, z1, from: [0.5 - dx, 0.5 - dy], to: [0.5 + dx, 0.5 + dy] };
}

const num = (value: number) => value.toFixed(4).replace(/\.?0+$/, '');

/** zoompan over one still for `frames` frames; `on` counts its output frames, so the move is exact and independent of the input. */
function zoompan(move: KenBurns, frames: number): string {
  const progress = `on/${Math.max(1, frames - 1)}`;
  const along = (a: number, b: number) => `(${num(a)}+${num(b - a)}*${progress})`;
  return [
    `zoompan=z='${along(move.z0, move.z1)}'`,
    `x='(iw-iw/zoom)*${along(move.from[0], move.to[0])}'`,
    `y='(ih-ih/zoom)*${along(move.from[1], move.to[1])}'`,
    `d=${frames}`,
    `s=${VIDEO_SIZE.width}x${VIDEO_SIZE.height}`,
    `fps=${VIDEO_FPS}`,
  ].join(':');
}

/**
 * Escapes a file path for a filter option inside a filter graph: once for the option value
 * (`\ ' :`), then again for the graph (`\ ' [ ] , ;`), per ffmpeg's "filtergraph escaping".
 */
export function filterPath(file: string): string {
  const value = file.replace(/[\\':]/g, '\\$&');
  return value.replace(/[\\'[\],;]/g, '\\$&');
}

/**
 * The picture: each still (input i is clip i) panned and zoomed for its clip's length, joined
 * by xfade transitions at the clips' starts, faded in from and out to black, then the ASS
 * subtitles burned in when `assFile` is given. Ends in the label `[vout]`.
 */
export function videoGraph(timeline: Timeline, random: Random, assFile: string | null): string[] {
  const transition = TRANSITION_FRAMES / VIDEO_FPS;
  const parts = timeline.clips.map((clip, i) => `[${i}:v]${zoompan(kenBurns(random), clip.frames)},setsar=1,format=yuv420p[c${i}]`);
  let last = 'c0';
  timeline.clips.slice(1).forEach((clip, index) => {
    const i = index + 1;
    parts.push(`[${last}][c${i}]xfade=transition=${random.pick(TRANSITIONS)}:duration=${num(transition)}:offset=${num(clip.start / VIDEO_FPS)}[x${i}]`);
    last = `x${i}`;
  });
  const finish = [`fade=t=in:st=0:d=${PICTURE_FADE_IN_SECONDS}`, `fade=t=out:st=${num(timeline.seconds - transition)}:d=${num(transition)}`];
  if (assFile) finish.push(`ass=filename=${filterPath(assFile)}`);
  parts.push(`[${last}]${finish.join(',')},format=yuv420p[vout]`);
  return parts;
}

/** A spoken line's audio as the graph sees it: its input index and where it starts, in seconds. */
export interface PlacedAudio {
  input: number;
  start: number;
}

/**
 * The sound: every line delayed to its start and summed (not averaged: amix would otherwise
 * lower each voice by the number of lines) over a silent bed as long as the video; the music,
 * looped by its input and cut to length, lowered, ducked under the voices by a sidechain
 * compressor keyed on them, and faded in and out. Ends in the label `[aout]`, stereo 44.1 kHz.
 */
export function audioGraph(lines: PlacedAudio[], musicInput: number | null, seconds: number): string[] {
  const samples = Math.round(seconds * AUDIO_RATE);
  const parts = [`anullsrc=r=${AUDIO_RATE}:cl=mono,atrim=end_sample=${samples}[bed]`];
  lines.forEach((line, i) => {
    parts.push(`[${line.input}:a]aresample=${AUDIO_RATE},aformat=sample_fmts=fltp:channel_layouts=mono,adelay=delays=${Math.round(line.start * AUDIO_RATE)}S:all=1[l${i}]`);
  });
  const voices = `[bed]${lines.map((_, i) => `[l${i}]`).join('')}amix=inputs=${lines.length + 1}:duration=first:normalize=0,pan=stereo|c0=c0|c1=c0`;
  if (musicInput === null) {
    parts.push(`${voices},alimiter=limit=0.95:level=0[aout]`);
    return parts;
  }
  const fadeOut = Math.min(MUSIC_FADE_OUT_SECONDS, seconds / 4);
  parts.push(`${voices},asplit=2[voices][key]`);
  parts.push(
    `[${musicInput}:a]aresample=${AUDIO_RATE},aformat=sample_fmts=fltp:channel_layouts=stereo,atrim=end_sample=${samples},asetpts=N/SR/TB,volume=${MUSIC_VOLUME},afade=t=in:d=${MUSIC_FADE_IN_SECONDS},afade=t=out:st=${num(seconds - fadeOut)}:d=${num(fadeOut)}[music]`,
  );
  parts.push(`[music][key]sidechaincompress=${DUCKING}[ducked]`);
  parts.push('[voices][ducked]amix=inputs=2:duration=first:normalize=0,alimiter=limit=0.95:level=0[aout]');
  return parts;
}
