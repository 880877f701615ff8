import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A voice-like clip: harmonics of `pitchHz` shaped into `syllablesPerSecond` syllables,
 * as 16-bit PCM WAV (no sox or espeak needed, so tests control every property).
 */
export function voiceWav(options: { seconds: number; sampleRate: number; pitchHz?: number; syllablesPerSecond?: number; channels?: number }): Buffer {
  const { seconds, sampleRate, pitchHz = 140, syllablesPerSecond = 4, channels = 1 } = options;
  const frames = Math.round(seconds * sampleRate);
  const header = 44;
  const out = Buffer.alloc(header + frames * channels * 2);
  out.write('RIFF', 0, 'latin1');
  out.writeUInt32LE(out.length - 8, 4);
  out.write('WAVEfmt ', 8, 'latin1');
  out.writeUInt32LE(16, 16);
  out.writeUInt16LE(1, 20);
  out.writeUInt16LE(channels, 22);
  out.writeUInt32LE(sampleRate, 24);
  out.writeUInt32LE(sampleRate * channels * 2, 28);
  out.writeUInt16LE(channels * 2, 32);
  out.writeUInt16LE(16, 34);
  out.write('data', 36, 'latin1');
  out.writeUInt32LE(frames * channels * 2, 40);
  for (let i = 0; i < frames; i++) {
    const t = i / sampleRate;
    let tone = 0;
    for (let k = 1; k <= 8; k++) tone += Math.sin(2 * Math.PI * pitchHz * k * t) / k;
    const envelope = Math.sin(Math.PI * syllablesPerSecond * t) ** 2;
    const value = Math.round(tone * envelope * 0.3 * 32767);
    for (let c = 0; c < channels; c++) out.writeInt16LE(Math.max(-32768, Math.min(32767, value)), header + (i * channels + c) * 2);
  }
  return out;
}

/** Whether ffmpeg can be run here. */
export const hasFfmpeg = spawnSync('ffmpeg', ['-version']).status === 0;

/**
 * The same clip encoded by ffmpeg (e.g. `mp3`, `ogg`), for content-type tests. WebM is
 * streamed through a pipe, so like a browser recording it carries no duration.
 */
export function encodeWithFfmpeg(wav: Buffer, extension: string, codec: string[] = []): Buffer {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'starlit-clip-'));
  try {
    const input = path.join(dir, 'in.wav');
    const output = path.join(dir, `out.${extension}`);
    fs.writeFileSync(input, wav);
    const streamed = extension === 'webm';
    const run = spawnSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-i', input, ...codec, ...(streamed ? ['-f', 'webm', 'pipe:1'] : [output])], { maxBuffer: 64 * 1024 * 1024 });
    if (run.status !== 0) throw new Error(`ffmpeg failed: ${run.stderr}`);
    return streamed ? run.stdout : fs.readFileSync(output);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
