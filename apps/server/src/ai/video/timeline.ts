/** Frames per second of every comic video. */
export const VIDEO_FPS = 30;
/** Length of the transition between two clips; consecutive clips overlap by this much. */
export const TRANSITION_FRAMES = 15;
/** How long the title card stays alone on screen. */
export const TITLE_SECONDS = 1.5;
/** A panel with nothing to say is still shown this long, so it can be looked at. */
export const MIN_PANEL_SECONDS = 2.5;
/** Quiet after a panel has fully come in, before its first line. */
export const LEAD_SECONDS = 0.3;
/** Quiet between two lines of the same panel. */
export const GAP_SECONDS = 0.35;
/** Quiet after a panel's last line, before it starts to leave. */
export const TAIL_SECONDS = 0.5;

/** One spoken line as the timeline sees it: who says what, and for how long. */
export interface TimedLine {
  speaker: string | null;
  text: string;
  seconds: number;
}

/** Where one spoken line sits in the video; `clip` and `line` say which input it came from. */
export interface LinePlacement {
  clip: number;
  line: number;
  start: number;
  end: number;
}

/** One picture's stretch of the video, in frames from the video's start. */
export interface Clip {
  /** First frame where the clip is visible (its transition in starts here). */
  start: number;
  /** Frames the clip's own stream lasts, transitions included. */
  frames: number;
}

/** The whole video laid out in frames: what the filter graph and the subtitles are built from. */
export interface Timeline {
  clips: Clip[];
  lines: LinePlacement[];
  frames: number;
  seconds: number;
}

const toFrames = (seconds: number) => Math.ceil(seconds * VIDEO_FPS - 1e-6);

/**
 * Lays the clips end to end, each overlapping the one before by a transition, and the
 * lines of each clip one after another once its transition in has finished. Clip 0 is the
 * title card when `hasTitle`; every clip, the last too, keeps a transition's length at its
 * end (the last one fades to black there). Everything is whole frames, so the xfade offsets,
 * the audio delays and the cues all agree with the frames the encoder writes.
 */
export function layOut(panels: TimedLine[][], hasTitle: boolean): Timeline {
  const holds = panels.map((lines) => {
    const speech = lines.reduce((sum, line) => sum + line.seconds, 0) + GAP_SECONDS * Math.max(0, lines.length - 1);
    return toFrames(Math.max(MIN_PANEL_SECONDS, lines.length ? LEAD_SECONDS + speech + TAIL_SECONDS : 0));
  });
  const contents: { hold: number; lines: TimedLine[] }[] = [...(hasTitle ? [{ hold: toFrames(TITLE_SECONDS), lines: [] }] : []), ...panels.map((lines, i) => ({ hold: holds[i], lines }))];
  const clips: Clip[] = [];
  const placements: LinePlacement[] = [];
  let start = 0;
  contents.forEach((content, index) => {
    const inFrames = index === 0 ? 0 : TRANSITION_FRAMES;
    clips.push({ start, frames: inFrames + content.hold + TRANSITION_FRAMES });
    let at = (start + inFrames) / VIDEO_FPS + LEAD_SECONDS;
    content.lines.forEach((line, lineIndex) => {
      placements.push({ clip: index, line: lineIndex, start: at, end: at + line.seconds });
      at += line.seconds + GAP_SECONDS;
    });
    start += inFrames + content.hold;
  });
  const frames = start + TRANSITION_FRAMES;
  return { clips, lines: placements, frames, seconds: frames / VIDEO_FPS };
}
