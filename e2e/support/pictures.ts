import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A PNG written by ffmpeg, not by our code: the upload must accept what another program makes.
 * `pattern` is an ffmpeg lavfi source (testsrc, a colour, …).
 */
export function ffmpegPng(name: string, pattern = 'testsrc=size=480x320:rate=1'): string {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'starlit-png-')), `${name}.png`);
  execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', pattern, '-frames:v', '1', file]);
  return file;
}
