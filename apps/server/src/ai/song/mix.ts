import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { runProcess } from '../speech/run-process.ts';
import { readWavFormat } from '../voice/pcm.ts';

const MIX_RATE = 44_100;
// the backing sits under the voice, about 7 dB down
const BACKING_GAIN = 0.45;
// what streaming services play songs at; loudnorm's true-peak limit keeps it from clipping
const LOUDNESS_LUFS = -16;
const VOCAL_GAIN = 1;
const FFMPEG_TIMEOUT_MS = 120_000;

/**
 * Mixes a sung vocal over its backing with ffmpeg in one run: the backing lowered, the voice
 * given a short room echo, the two summed for exactly the backing's length and brought to -16 LUFS, then
 * written as a 16-bit WAV and a 160 kb/s MP3 whose ID3 tags carry the title and artist. Files
 * rather than pipes, because ffmpeg reads two inputs and writes two outputs.
 */
export async function mixSong(vocal: Buffer, backing: Buffer, opts: { title: string; artist: string; signal?: AbortSignal }): Promise<{ wav: Buffer; mp3: Buffer; seconds: number }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'starlit-mix-'));
  try {
    const [backingFile, vocalFile, wavFile, mp3File] = ['backing.wav', 'vocal.audio', 'song.wav', 'song.mp3'].map((name) => path.join(dir, name));
    await Promise.all([writeFile(backingFile, backing), writeFile(vocalFile, vocal)]);
    const graph = [
      `[0:a]aresample=${MIX_RATE},aformat=channel_layouts=mono,volume=${BACKING_GAIN}[b]`,
      `[1:a]aresample=${MIX_RATE},aformat=channel_layouts=mono,volume=${VOCAL_GAIN},aecho=0.8:0.7:70|130:0.18|0.1[v]`,
      `[b][v]amix=inputs=2:duration=first:normalize=0,loudnorm=I=${LOUDNESS_LUFS}:TP=-1.5:LRA=11,aresample=${MIX_RATE},asplit=2[wav][mp3]`,
    ].join(';');
    const args = [
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      '-i',
      backingFile,
      '-i',
      vocalFile,
      '-filter_complex',
      graph,
      '-map',
      '[wav]',
      '-c:a',
      'pcm_s16le',
      wavFile,
      '-map',
      '[mp3]',
      '-c:a',
      'libmp3lame',
      '-b:a',
      '160k',
      '-id3v2_version',
      '3',
      '-metadata',
      `title=${opts.title}`,
      '-metadata',
      `artist=${opts.artist}`,
      mp3File,
    ];
    const out = await runProcess('ffmpeg', args, { timeoutMs: FFMPEG_TIMEOUT_MS, signal: opts.signal });
    if (out.code !== 0) throw new Error(`ffmpeg could not mix the song: ${out.stderr.trim().slice(0, 300)}`);
    const [wav, mp3] = await Promise.all([readFile(wavFile), readFile(mp3File)]);
    const format = readWavFormat(wav);
    return { wav, mp3, seconds: format.frames / format.sampleRate };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
