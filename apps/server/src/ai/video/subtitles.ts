import type { Cue } from '../subtitles/webvtt.ts';

export type { Cue };

/** The family libass and librsvg find through fontconfig (Debian's fonts-noto-cjk); it has Latin too. */
export const SUBTITLE_FONT = 'Noto Sans CJK TC';
/** The subtitles' canvas, the same as the video's, so sizes below are pixels. */
const PLAY_RES = { width: 1280, height: 720 };
const FONT_SIZE = 40;
const SIDE_MARGIN = 90;
const BOTTOM_MARGIN = 36;

/** One line of text with its whitespace (newlines included) collapsed, since a cue or a title is a single paragraph. */
export const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

// ideographs, kana, hangul and full-width forms take a whole em; break anywhere between them
const WIDE_RANGES = '\\u1100-\\u115f\\u2e80-\\u303e\\u3041-\\u33ff\\u3400-\\u4dbf\\u4e00-\\u9fff\\ua960-\\ua97f\\uac00-\\ud7a3\\uf900-\\ufaff\\ufe30-\\ufe4f\\uff00-\\uff60\\uffe0-\\uffe6';
// CJK extension planes come as surrogate pairs
const WIDE_PAIR = '[\\ud840-\\ud87f][\\udc00-\\udfff]';
const WIDE = new RegExp(`^(?:[${WIDE_RANGES}]|${WIDE_PAIR})$`);
// a token is one wide character, a run of spaces, or a run of anything else (a word)
const TOKEN = new RegExp(`${WIDE_PAIR}|[${WIDE_RANGES}]| +|[^ ${WIDE_RANGES}\\ud840-\\ud87f]+`, 'g');
// closing punctuation may not start a line (kinsoku): it stays with the character before it
const NO_LINE_START = /^[、。，．！？：；）」』】〕〉》”’…,.!?:;)\]}%]/;
// a Latin glyph of Noto Sans is about this wide on average, capitals and digits included
const NARROW_EM = 0.58;

const widthOf = (text: string) => [...text].reduce((sum, char) => sum + (WIDE.test(char) ? 1 : char === ' ' ? 0.26 : NARROW_EM), 0);

/**
 * Breaks `text` into lines at most `maxEm` font-sizes wide: between words, and between any
 * two wide (CJK) characters, which need no spaces to break. libass would only break at
 * spaces, so a Chinese line would run off the picture without this.
 */
export function wrapText(text: string, maxEm: number): string[] {
  const tokens = oneLine(text).match(TOKEN);
  const lines: string[] = [];
  let line = '';
  for (const token of tokens ?? []) {
    if (line === '' && token.trim() === '') continue;
    const fits = widthOf((line + token).trimEnd()) <= maxEm;
    if (fits || line.trim() === '' || NO_LINE_START.test(token)) {
      line += token;
      continue;
    }
    lines.push(line.trimEnd());
    line = token.trim() === '' ? '' : token;
  }
  if (line.trim()) lines.push(line.trimEnd());
  return lines;
}

/**
 * A line's subtitle, "Speaker: text", or the text alone for narration. Chinese puts the
 * full-width colon right after the name, the way a script is written in Taiwan.
 */
export function cueText(speaker: string | null, text: string, lang: 'en_US' | 'zh_TW'): { text: string; prefix: string } {
  const name = speaker ? oneLine(speaker) : '';
  const prefix = name ? `${name}${lang === 'zh_TW' ? '：' : ': '}` : '';
  return { text: prefix + oneLine(text), prefix };
}

const assTime = (seconds: number) => {
  const cs = Math.round(seconds * 100);
  return `${Math.floor(cs / 360_000)}:${String(Math.floor(cs / 6000) % 60).padStart(2, '0')}:${String(Math.floor(cs / 100) % 60).padStart(2, '0')}.${String(cs % 100).padStart(2, '0')}`;
};

// braces open override blocks and a backslash starts a tag in ASS; their full-width forms read the same
const assText = (text: string) => text.replace(/\\/g, '＼').replace(/\{/g, '｛').replace(/\}/g, '｝');

/** A cue as the burner sees it: the speaker's part ("Mia: ") is tinted, so it is kept apart. */
export interface SpokenCue extends Cue {
  /** The start of `text` that names the speaker, or '' for narration. */
  prefix: string;
}

/**
 * An ASS script that libass burns into the picture: bottom centre, white with a dark outline
 * and shadow so it reads over any panel, in the CJK font so Chinese shows, wrapped here
 * (see {@link wrapText}). The speaker's name is tinted when it fits on the first line.
 */
export function toAss(cues: SpokenCue[]): string {
  const maxEm = (PLAY_RES.width - 2 * SIDE_MARGIN) / FONT_SIZE;
  const events = cues.map((cue) => {
    const wrapped = wrapText(cue.text, maxEm).join('\n');
    const prefix = oneLine(cue.prefix);
    const body = prefix && wrapped.startsWith(prefix) ? `{\\c&H7FD8FF&}${assText(prefix)}{\\r}${assText(wrapped.slice(prefix.length))}` : assText(wrapped);
    return `Dialogue: 0,${assTime(cue.start)},${assTime(cue.end)},Line,,0,0,0,,${body.replace(/\n/g, '\\N')}`;
  });
  return [
    '[Script Info]',
    'ScriptType: v4.00+',
    `PlayResX: ${PLAY_RES.width}`,
    `PlayResY: ${PLAY_RES.height}`,
    'WrapStyle: 0',
    'ScaledBorderAndShadow: yes',
    '',
    '[V4+ Styles]',
    'Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding',
    `Style: Line,${SUBTITLE_FONT},${FONT_SIZE},&H00FFFFFF,&H00FFFFFF,&H00101018,&H96000000,-1,0,0,0,100,100,0,0,1,3,1.5,2,${SIDE_MARGIN},${SIDE_MARGIN},${BOTTOM_MARGIN},1`,
    '',
    '[Events]',
    'Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text',
    ...events,
    '',
  ].join('\n');
}
