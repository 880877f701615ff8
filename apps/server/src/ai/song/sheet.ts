import { webVtt } from '../subtitles/webvtt.ts';
import type { Lyrics } from './lyrics.ts';
import type { Melody } from './melody.ts';

const HEADINGS = { verse: 'Verse', chorus: 'Chorus', bridge: 'Bridge' } as const;

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** `mm:ss.xx`, the time tag of an LRC line. */
export function lrcTime(seconds: number): string {
  const centis = Math.round(seconds * 100);
  return `${pad(Math.floor(centis / 6000))}:${pad(Math.floor(centis / 100) % 60)}.${pad(centis % 100)}`;
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
  return { text, lrc: `${lrc}\n`, vtt: webVtt(melody.lines) };
}
