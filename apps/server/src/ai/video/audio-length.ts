import { runProcess } from '../speech/run-process.ts';
import { readWavFormat } from '../voice/pcm.ts';

const isWav = (bytes: Buffer) => bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WAVE';

/**
 * Seconds of audio in a file already written at `file`. A WAV is measured from its header
 * (exact to the sample, and free); anything else a speech provider may send (MP3, Opus…)
 * is asked of ffprobe.
 */
export async function audioSeconds(bytes: Buffer, file: string, signal?: AbortSignal): Promise<number> {
  if (isWav(bytes)) {
    const wav = readWavFormat(bytes);
    return wav.frames / wav.sampleRate;
  }
  const out = await runProcess('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'default=noprint_wrappers=1:nokey=1', file], { timeoutMs: 15_000, signal });
  const seconds = Number.parseFloat(out.stdout.toString());
  if (out.code !== 0 || !Number.isFinite(seconds) || seconds <= 0) throw new Error(`a line's audio is unreadable: ${out.stderr.trim().slice(0, 200)}`);
  return seconds;
}
