/** One subtitle of a WebVTT file: when it shows, in seconds, and its words. */
export interface Cue {
  start: number;
  end: number;
  text: string;
}

const TIMING = /^((?:\d+:)?\d{1,2}:\d{2}\.\d{3})\s+-->\s+((?:\d+:)?\d{1,2}:\d{2}\.\d{3})/;

/** "hh:mm:ss.ttt" or "mm:ss.ttt" in seconds. */
function seconds(stamp: string): number {
  return stamp.split(':').reduce((total, part) => total * 60 + Number(part), 0);
}

/**
 * The cues of a WebVTT file (the subtitles a daily task's speech, song or video carries), in
 * order; headers, notes, styles and cue identifiers are skipped, a cue's lines kept together.
 */
export function parseVtt(source: string): Cue[] {
  const cues: Cue[] = [];
  for (const block of source.replace(/\r\n?/g, '\n').split(/\n{2,}/)) {
    const lines = block.split('\n');
    const at = lines.findIndex((line) => TIMING.test(line));
    if (at < 0) continue;
    const [, from = '', to = ''] = TIMING.exec(lines[at] ?? '') ?? [];
    const text = lines
      .slice(at + 1)
      .join('\n')
      .trim();
    if (text) cues.push({ start: seconds(from), end: seconds(to), text });
  }
  return cues;
}

/** The index of the cue showing at `time`, or -1 between cues. */
export function cueAt(cues: readonly Cue[], time: number): number {
  return cues.findIndex((cue) => time >= cue.start && time < cue.end);
}
