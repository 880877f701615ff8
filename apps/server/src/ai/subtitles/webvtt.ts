/** One subtitle: when it shows and hides (seconds) and its words. */
export interface Cue {
  start: number;
  end: number;
  text: string;
}

/** A time as WebVTT writes it: hh:mm:ss.ttt. */
export function vttTime(seconds: number): string {
  const ms = Math.max(0, Math.round(seconds * 1000));
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}.${pad(ms % 1000, 3)}`;
}

/**
 * A cue's text as WebVTT reads it: on one line (a blank line would end the cue), and markup
 * characters as entities (cue text is HTML-like, and "-->" would read as a timing line).
 */
const cueText = (text: string) =>
  text
    .replace(/\s*\n\s*/g, ' ')
    .trim()
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');

/** A WebVTT file with one numbered cue each, which the web shows through a `<track>`. */
export function webVtt(cues: Cue[]): string {
  const blocks = cues.map((cue, i) => `${i + 1}\n${vttTime(cue.start)} --> ${vttTime(cue.end)}\n${cueText(cue.text)}`);
  return `WEBVTT\n\n${blocks.join('\n\n')}\n`;
}

/**
 * Sentences of a text, each with its closing mark, for one cue each: split after . ! ? … and
 * their full-width forms, and at line ends; Chinese needs no space after its marks.
 */
export function sentencesOf(text: string): string[] {
  return text
    .split(/\n+/)
    .flatMap((line) => line.match(/[^.!?。！？…]+(?:[.!?。！？…]+["'」』”’)]?|$)/g) ?? [])
    .map((s) => s.trim())
    .filter((s) => /[\p{L}\p{N}]/u.test(s));
}
