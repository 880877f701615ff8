/** One WebVTT cue: when it shows and what it says. */
export interface Cue {
  start: number;
  end: number;
  text: string;
}

const TIME = /^(?:(\d+):)?(\d{2}):(\d{2})\.(\d{3})$/;

function seconds(stamp: string): number {
  const m = TIME.exec(stamp.trim());
  if (!m) return Number.NaN;
  return Number(m[1] ?? 0) * 3600 + Number(m[2]) * 60 + Number(m[3]) + Number(m[4]) / 1000;
}

/**
 * The cues of a WebVTT file (a daily task's speech, song or video), in order: pages list them as
 * the script and mark the one being heard (the track element plays them too; reading them here
 * lets a page show all of them at once). Blocks without a valid timing line (the header, notes)
 * are skipped; a cue's lines join into one.
 */
export function parseVtt(text: string): Cue[] {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n{2,}/)
    .flatMap((block) => {
      const lines = block.split('\n');
      const at = lines.findIndex((line) => line.includes('-->'));
      if (at < 0) return [];
      const [from = '', to = ''] = lines[at]!.split('-->');
      // settings may follow the end time ("00:01.000 --> 00:02.000 align:start")
      const start = seconds(from);
      const end = seconds(to.trim().split(/\s+/)[0] ?? '');
      // cue text is HTML-like: the writer escapes markup characters, the page shows them
      const words = lines
        .slice(at + 1)
        .join(' ')
        .trim()
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&amp;/g, '&');
      return Number.isFinite(start) && Number.isFinite(end) && words ? [{ start, end, text: words }] : [];
    });
}

/** The index of the cue heard at `time`, or -1 between cues. */
export function cueAt(cues: readonly Cue[], time: number): number {
  return cues.findIndex((cue) => time >= cue.start && time < cue.end);
}
