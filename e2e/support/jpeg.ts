import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** A JPEG photo-like test picture made by ffmpeg (another program than the app's), as a file path. */
export async function ffmpegJpeg(name: string): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'starlit-e2e-jpeg-'));
  const file = path.join(dir, name);
  await run('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=640x480', '-frames:v', '1', file]);
  return file;
}
