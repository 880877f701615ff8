import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runProcess } from '../speech/run-process.ts';
import { type ComicVideo, type ComicVideoRequest, makeComicVideo } from './comic-video.ts';
import { GAP_SECONDS, LEAD_SECONDS, MIN_PANEL_SECONDS, TAIL_SECONDS, TITLE_SECONDS, TRANSITION_FRAMES, VIDEO_FPS } from './timeline.ts';

const VOICE_HZ = 1000;
const MUSIC_HZ = 220;
const T = TRANSITION_FRAMES / VIDEO_FPS;

/** A sine WAV in the layout given: 16-bit PCM or 32-bit float, any rate and channel count. */
function sineWav(o: { seconds: number; rate: number; channels: number; hz: number; amplitude: number; float?: boolean }): Buffer {
  const bytesPerSample = o.float ? 4 : 2;
  const frames = Math.round(o.seconds * o.rate);
  const data = Buffer.alloc(frames * o.channels * bytesPerSample);
  for (let i = 0; i < frames; i++) {
    const value = o.amplitude * Math.sin((2 * Math.PI * o.hz * i) / o.rate);
    for (let c = 0; c < o.channels; c++) {
      const at = (i * o.channels + c) * bytesPerSample;
      if (o.float) data.writeFloatLE(value, at);
      else data.writeInt16LE(Math.round(value * 32767), at);
    }
  }
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(o.float ? 3 : 1, 20);
  header.writeUInt16LE(o.channels, 22);
  header.writeUInt32LE(o.rate, 24);
  header.writeUInt32LE(o.rate * o.channels * bytesPerSample, 28);
  header.writeUInt16LE(o.channels * bytesPerSample, 32);
  header.writeUInt16LE(bytesPerSample * 8, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

/** A panel with stripes and discs, so a pan or zoom changes its pixels. */
const panel = (width: number, height: number, hue: number) =>
  sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="hsl(${hue},60%,45%)"/>${Array.from({ length: 12 }, (_, i) => `<rect x="${i * 64}" width="24" height="100%" fill="hsl(${hue + 40},70%,70%)"/><circle cx="${(i * 97) % width}" cy="${(i * 151) % height}" r="40" fill="hsl(${hue + 180},80%,30%)"/>`).join('')}</svg>`,
    ),
  )
    .png()
    .toBuffer();

const voice = (seconds: number, rate: number, channels: number, float = false) => sineWav({ seconds, rate, channels, hz: VOICE_HZ, amplitude: 0.5, float });

async function request(subtitles: 'burned' | 'track'): Promise<ComicVideoRequest> {
  return {
    title: '星光下的秘密',
    lang: 'zh_TW',
    seed: 7,
    subtitles,
    // shorter than the video, so it has to loop
    music: sineWav({ seconds: 2, rate: 44_100, channels: 1, hz: MUSIC_HZ, amplitude: 0.5 }),
    panels: [
      {
        image: await panel(768, 768, 210),
        narration: { speaker: '', text: '在一個安靜的夜晚……', audio: voice(0.8, 22_050, 1) },
        lines: [{ speaker: '小星', text: '今晚的星星好亮啊！', audio: voice(1, 48_000, 2) }],
      },
      { image: await panel(576, 768, 30), lines: [] },
      { image: await panel(768, 768, 120), lines: [{ speaker: '阿狐', text: '我知道一個秘密的地方，跟我來吧。', audio: voice(0.9, 24_000, 1, true) }] },
    ],
  };
}

let dir: string;
const rendered = {} as Record<'burned' | 'track', { video: ComicVideo; file: string }>;

async function ffmpegOut(args: string[], maxOutputBytes: number): Promise<Buffer> {
  const out = await runProcess('ffmpeg', ['-hide_banner', '-loglevel', 'error', ...args], { timeoutMs: 20_000, maxOutputBytes });
  if (out.code !== 0) throw new Error(out.stderr);
  return out.stdout;
}

/** One frame at `seconds`, as 1280×720 RGB bytes. */
const frameAt = (file: string, seconds: number) => ffmpegOut(['-ss', String(seconds), '-i', file, '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'], 1280 * 720 * 3 + 1);

/** Mean absolute difference of two RGB frames over the rows [top, bottom). */
function meanDifference(a: Buffer, b: Buffer, top: number, bottom: number): number {
  let sum = 0;
  for (let i = top * 1280 * 3; i < bottom * 1280 * 3; i++) sum += Math.abs(a[i] - b[i]);
  return sum / ((bottom - top) * 1280 * 3);
}

/** Amplitude of the `hz` component of `samples` between two times (Goertzel). */
function toneAmplitude(samples: Float32Array, rate: number, hz: number, from: number, to: number): number {
  const start = Math.round(from * rate);
  const end = Math.round(to * rate);
  const w = (2 * Math.PI * hz) / rate;
  let [s1, s2] = [0, 0];
  for (let i = start; i < end; i++) [s1, s2] = [samples[i] + 2 * Math.cos(w) * s1 - s2, s1];
  const power = s1 * s1 + s2 * s2 - 2 * Math.cos(w) * s1 * s2;
  return (2 * Math.sqrt(power)) / (end - start);
}

describe('makeComicVideo (real ffmpeg)', () => {
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'comic-video-test-'));
    for (const mode of ['track', 'burned'] as const) {
      const video = await makeComicVideo(await request(mode));
      const file = path.join(dir, `${mode}.mp4`);
      await writeFile(file, video.mp4);
      rendered[mode] = { video, file };
    }
    // two renders of an 11.5 s video: about 8 s alone, more on a busy machine
  }, 90_000);
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('writes H.264 High 1280×720 yuv420p at 30 fps with AAC 44.1 kHz stereo, index first', async () => {
    const { file, video } = rendered.track;
    const out = await runProcess('ffprobe', ['-v', 'error', '-show_entries', 'stream=codec_name,profile,width,height,pix_fmt,r_frame_rate,sample_rate,channels', '-of', 'json', file], {
      timeoutMs: 10_000,
    });
    const streams = JSON.parse(out.stdout.toString()).streams;
    expect(streams).toEqual([
      { codec_name: 'h264', profile: 'High', width: 1280, height: 720, pix_fmt: 'yuv420p', r_frame_rate: '30/1' },
      { codec_name: 'aac', profile: 'LC', sample_rate: '44100', channels: 2, r_frame_rate: '0/0' },
    ]);
    expect([video.width, video.height]).toEqual([1280, 720]);
    // faststart: the index (moov) comes before the media data (mdat)
    expect(video.mp4.indexOf('moov')).toBeLessThan(video.mp4.indexOf('mdat'));
  });

  it('lasts the timeline: title, each panel its speech and pauses, transitions overlapping', async () => {
    const frames = (seconds: number) => Math.ceil(seconds * VIDEO_FPS - 1e-6) / VIDEO_FPS;
    const holds = [TITLE_SECONDS, LEAD_SECONDS + 0.8 + GAP_SECONDS + 1 + TAIL_SECONDS, MIN_PANEL_SECONDS, Math.max(MIN_PANEL_SECONDS, LEAD_SECONDS + 0.9 + TAIL_SECONDS)].map(frames);
    const expected = holds.reduce((sum, hold) => sum + hold, 0) + 4 * T;
    expect(rendered.track.video.seconds).toBeCloseTo(expected, 3);
    for (const mode of ['track', 'burned'] as const) {
      const out = await runProcess('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', rendered[mode].file], { timeoutMs: 10_000 });
      expect(Math.abs(Number(out.stdout.toString()) - expected)).toBeLessThan(0.2);
    }
  });

  it('gives one cue per line, "Speaker：text" or narration alone, where its audio is heard', async () => {
    const { video, file } = rendered.track;
    expect(video.cues.map((cue) => cue.text)).toEqual(['在一個安靜的夜晚……', '小星：今晚的星星好亮啊！', '阿狐：我知道一個秘密的地方，跟我來吧。']);
    expect(video.cues[0].start).toBeCloseTo(TITLE_SECONDS + T + LEAD_SECONDS, 3);
    expect(video.cues.map((cue) => cue.end - cue.start)).toEqual([expect.closeTo(0.8, 3), expect.closeTo(1, 3), expect.closeTo(0.9, 3)]);
    expect(video.vtt.startsWith('WEBVTT\n\n1\n00:00:02.300 --> 00:00:03.100\n在一個安靜的夜晚……\n')).toBe(true);
    const pcm = await ffmpegOut(['-i', file, '-ac', '1', '-ar', '44100', '-f', 'f32le', 'pipe:1'], 60 * 44_100 * 4);
    const samples = new Float32Array(pcm.buffer, pcm.byteOffset, pcm.length / 4);
    for (const cue of video.cues) {
      const level = (from: number, to: number) => toneAmplitude(samples, 44_100, VOICE_HZ, from, to);
      expect(level(cue.start - 0.25, cue.start - 0.05)).toBeLessThan(0.05);
      expect(level(cue.start + 0.05, cue.start + 0.25)).toBeGreaterThan(0.3);
      expect(level(cue.end - 0.25, cue.end - 0.05)).toBeGreaterThan(0.3);
      expect(level(cue.end + 0.05, cue.end + 0.25)).toBeLessThan(0.05);
    }
    // the music is ducked under speech and comes back in the silent second panel
    const music = (from: number, to: number) => toneAmplitude(samples, 44_100, MUSIC_HZ, from, to);
    const silentPanel = video.cues[1].end + TAIL_SECONDS + T + 1;
    const free = music(silentPanel, silentPanel + 1);
    expect(free).toBeGreaterThan(0.08);
    for (const cue of video.cues) expect(music(cue.start + 0.2, cue.end - 0.05)).toBeLessThan(free / 3);
  });

  it('moves the picture within a panel (pan and zoom)', async () => {
    const silentPanel = rendered.track.video.cues[1].end + TAIL_SECONDS + T;
    const [early, late] = await Promise.all([frameAt(rendered.track.file, silentPanel + 0.3), frameAt(rendered.track.file, silentPanel + 1.8)]);
    expect(meanDifference(early, late, 0, 720)).toBeGreaterThan(4);
  });

  it('burns the Chinese subtitle into the bottom of the picture only when asked', async () => {
    const cue = rendered.track.video.cues[2];
    const at = (cue.start + cue.end) / 2;
    const [track, burned] = await Promise.all([frameAt(rendered.track.file, at), frameAt(rendered.burned.file, at)]);
    expect(meanDifference(track, burned, 620, 720)).toBeGreaterThan(8);
    expect(meanDifference(track, burned, 0, 500)).toBeLessThan(1.5);
    expect(rendered.burned.video.vtt).toBe(rendered.track.video.vtt);
  });

  it('renders a lone silent panel without title or music: its minimum length, silent sound, no cues', async () => {
    const video = await makeComicVideo({ title: '  ', panels: [{ image: await panel(576, 768, 300), lines: [] }], music: null, subtitles: 'burned', lang: 'en_US', seed: 1 });
    expect(video.seconds).toBeCloseTo(MIN_PANEL_SECONDS + T, 3);
    expect(video.cues).toEqual([]);
    expect(video.vtt).toBe('WEBVTT\n\n\n');
    const file = path.join(dir, 'lone.mp4');
    await writeFile(file, video.mp4);
    const pcm = await ffmpegOut(['-i', file, '-ac', '1', '-f', 'f32le', 'pipe:1'], 10 * 44_100 * 4);
    const samples = new Float32Array(pcm.buffer, pcm.byteOffset, pcm.length / 4);
    expect(samples.length / 44_100).toBeCloseTo(video.seconds, 1);
    expect(samples.every((value) => Math.abs(value) < 1e-3)).toBe(true);
  }, 20_000);

  it('stops ffmpeg on abort and removes its work folder', async () => {
    const workDir = await mkdtemp(path.join(dir, 'work-'));
    const controller = new AbortController();
    const started = Date.now();
    const render = makeComicVideo(await request('burned'), { signal: controller.signal, workDir });
    setTimeout(() => controller.abort(new Error('stopped by the test')), 400);
    await expect(render).rejects.toThrow('stopped by the test');
    expect(Date.now() - started).toBeLessThan(2000);
    expect(await readdir(workDir)).toEqual([]);
  });
});
