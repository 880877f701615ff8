/** Width of one character: a Chinese (CJK) character counts 2, anything else 1 (SPEC §5). */
export function charWidth(ch: string): number {
  const cp = ch.codePointAt(0) ?? 0;
  const cjk =
    (cp >= 0x4e00 && cp <= 0x9fff) || // CJK unified ideographs
    (cp >= 0x3400 && cp <= 0x4dbf) || // extension A
    (cp >= 0x20000 && cp <= 0x2ebef) || // extensions B–F
    (cp >= 0xf900 && cp <= 0xfaff) || // compatibility ideographs
    (cp >= 0x3000 && cp <= 0x303f) || // CJK punctuation
    (cp >= 0xff00 && cp <= 0xffef); // full-width forms
  return cjk ? 2 : 1;
}

/** Display width of a text: Chinese characters count 2, others 1. */
export function displayWidth(text: string): number {
  let width = 0;
  for (const ch of text) width += charWidth(ch);
  return width;
}

/** Cuts a text to at most `max` display width, appending '...' when it was cut. */
export function truncateByWidth(text: string, max: number): string {
  if (displayWidth(text) <= max) return text;
  let width = 0;
  let out = '';
  for (const ch of text) {
    const w = charWidth(ch);
    if (width + w > max) break;
    width += w;
    out += ch;
  }
  return `${out}...`;
}
