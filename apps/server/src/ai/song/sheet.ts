import type { Lyrics } from './lyrics.ts';
import type { Melody } from './melody.ts';

const HEADINGS = { verse: 'Verse', chorus: 'Chorus', bridge: 'Bridge' } as const;

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** `mm:ss.xx`, the time tag of an LRC line. */
export function lrcTime(seconds: number): string {
  const centis = Math.round(seconds * 100);
  return `${pad(Math.floor(centis / 6000))}:${pad(Math.floor(centis / 100) % 60)}.${pad(centis % 100)}`;
}

/** `hh:mm:ss.mmm`, a WebVTT cue time. */
export function vttTime(seconds: number): string {
  const millis = Math.round(seconds * 1000);
  return `${pad(Math.floor(millis / 3_600_000))}:${pad(Math.floor(millis / 60_000) % 60)}:${pad(Math.floor(millis / 1000) % 60)}.${pad(millis % 1000, 3)}`;
}

/**
 * The song's words three ways: a plain sheet with a heading per section ("Verse 1",
 * "Chorus"…), LRC for karaoke players (each line at its start), and WebVTT for the browser's
 * `<track>` (each line from its first note to its last). Times are the melody's own.
 */
export function lyricSheet(lyrics: Lyrics, melody: Melody): { text: string; lrc: string; vtt: string } {
  let verses = 0;
  const blocks = lyrics.sections.map((section) => {
    const heading = section.kind === 'verse' ? `${HEADINGS.verse} ${++verses}` : HEADINGS[section.kind];
    return [`[${heading}]`, ...section.lines].join('\n');
  });
  const text = `${lyrics.title}\n\n${blocks.join('\n\n')}\n`;
  const lrc = [`[ti:${lyrics.title}]`, ...melody.lines.map((line) => `[${lrcTime(line.start)}]${line.text}`), `[${lrcTime(melody.seconds)}]`].join('\n');
  const cues = melody.lines.map((line, i) => `${i + 1}\n${vttTime(line.start)} --> ${vttTime(line.end)}\n${line.text}`);
  const vtt = ['WEBVTT', ...cues].join('\n\n');
  return { text, lrc: `${lrc}\n`, vtt: `${vtt}\n` };
}
