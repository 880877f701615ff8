import { charWidth, displayWidth, LIMITS } from '@starlit/contract/rules';

/**
 * A task's title, a valid work name (SPEC §9: 20 wide, a Chinese character counting 2): the
 * first of `candidates` (first lines: a script's or a song's own title, then the person's
 * description) that fits whole; otherwise the first one cut at a word end where there is one,
 * with an ellipsis.
 */
export function taskTitle(...candidates: string[]): string {
  const lines = candidates.map((c) => c.trim().split('\n')[0]!.trim()).filter(Boolean);
  const whole = lines.find((line) => displayWidth(line) <= LIMITS.workName);
  if (whole) return whole;
  const line = lines[0] ?? '';
  let width = 0;
  let cut = '';
  for (const ch of line) {
    width += charWidth(ch);
    // one place is kept for the ellipsis
    if (width > LIMITS.workName - 1) break;
    cut += ch;
  }
  const space = cut.lastIndexOf(' ');
  return `${(space > cut.length / 2 ? cut.slice(0, space) : cut).trim()}…`;
}
