import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../random.ts';
import { runProcess } from '../speech/run-process.ts';
import { filterPath, kenBurns } from './filter-graph.ts';
import { toAss } from './subtitles.ts';

describe('filter graph', () => {
  it('varies the Ken Burns move by seed and keeps the crop inside the picture', () => {
    const moves = Array.from({ length: 40 }, (_, seed) => kenBurns(seededRandom(seed)));
    expect(new Set(moves.map((move) => Math.sign(move.z1 - move.z0))).size).toBe(3);
    for (const move of moves) {
      for (const value of [...move.from, ...move.to]) expect(value >= 0 && value <= 1).toBe(true);
      expect(Math.hypot(move.to[0] - move.from[0], move.to[1] - move.from[1])).toBeGreaterThanOrEqual(0.6);
    }
    expect(kenBurns(seededRandom(3))).toEqual(kenBurns(seededRandom(3)));
  });

  it('escapes a subtitle path with spaces, quotes, colons, brackets and commas so libass reads it', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'filter-path-'));
    try {
      const odd = path.join(dir, "a b,c'd:[e];f");
      await mkdir(odd);
      const file = path.join(odd, 'subs.ass');
      await writeFile(file, toAss([{ start: 0, end: 5, text: '字幕 SUBTITLE', prefix: '' }]));
      const frame = (filter: string) =>
        runProcess(
          'ffmpeg',
          [
            '-hide_banner',
            '-loglevel',
            'error',
            '-f',
            'lavfi',
            '-i',
            'color=c=black:s=1280x720:d=0.2',
            '-filter_complex',
            `[0]${filter}[v]`,
            '-map',
            '[v]',
            '-frames:v',
            '1',
            '-f',
            'rawvideo',
            '-pix_fmt',
            'gray',
            'pipe:1',
          ],
          { timeoutMs: 10_000 },
        );
      const out = await frame(`ass=filename=${filterPath(file)}`);
      expect(out.stderr).toBe('');
      expect(out.code).toBe(0);
      const bright = out.stdout.subarray(600 * 1280).filter((value) => value > 200).length;
      expect(bright).toBeGreaterThan(500);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
