import { charWidth, LIMITS } from '@starlit/contract/rules';

/**
 * A task's title from the words it was asked with: its first line cut to a work name's width
 * (SPEC §9: 20, a Chinese character counting 2), at a word end where there is one, so the title
 * is a valid work name when the task is published.
 */
export function taskTitle(text: string): string {
  const line = text.trim().split('\n')[0]!.trim();
  let width = 0;
  let cut = '';
  for (const ch of line) {
    width += charWidth(ch);
    if (width > LIMITS.workName) {
      const space = cut.lastIndexOf(' ');
      return (space > cut.length / 2 ? cut.slice(0, space) : cut).trim();
    }
    cut += ch;
  }
  return cut;
}
