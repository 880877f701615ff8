import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { encodeWithFfmpeg, hasFfmpeg } from '../../../test/voice-clips.ts';
import { composeArpeggio } from '../music/composer.ts';
import { encodeWav } from '../music/wav.ts';
import { checkSong, readSong, SONG_LIMITS, SongError, type SongRefusal } from './song.ts';
import { songSamples } from './song-samples.ts';

const RATE = 22_050;
/** A composer piece of `seconds` as WAV. */
const piece = (seconds: number, rate = RATE) => encodeWav(composeArpeggio({ seed: 'song', seconds, sampleRate: rate, bpm: 110, tonic: 57, mode: 'major', timbre: 'pluck' }), rate);

/** The reason `checkSong` refuses `bytes` with, or null when it takes them. */
async function refusal(bytes: Buffer): Promise<SongRefusal | null> {
  try {
    await checkSong(bytes);
    return null;
  } catch (err) {
    if (err instanceof SongError) return err.reason;
    throw err;
  }
}

describe('checkSong', () => {
  it('takes a composer WAV and says its type and length', async () => {
    expect(await checkSong(piece(12))).toEqual({ contentType: 'audio/wav', seconds: 12 });
  });

  it.skipIf(!hasFfmpeg)('takes MP3, OGG, M4A, AAC and FLAC made by ffmpeg, judged by content (needs ffmpeg)', async () => {
    const wav = piece(12);
    for (const [extension, contentType] of [
      ['mp3', 'audio/mpeg'],
      ['ogg', 'audio/ogg'],
      ['m4a', 'audio/mp4'],
      ['aac', 'audio/aac'],
      ['flac', 'audio/flac'],
    ] as const) {
      const checked = await checkSong(encodeWithFfmpeg(wav, extension));
      expect(checked.contentType, extension).toBe(contentType);
      // encoders pad a frame or two at most
      expect(Math.abs(checked.seconds - 12), extension).toBeLessThan(0.1);
    }
  });

  it('refuses what is not audio: a PNG, text, a WebM, an empty file', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    expect(await refusal(png)).toBe('type');
    expect(await refusal(Buffer.from('Never gonna give you up, never gonna let you down'))).toBe('type');
    expect(await refusal(Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0, 0, 0, 0]))).toBe('type');
    expect(await refusal(Buffer.alloc(0))).toBe('unreadable');
  });

  it('refuses songs under 5 s or over 10 minutes, and over 20 MB', async () => {
    expect(await refusal(piece(2))).toBe('duration');
    expect(await refusal(piece(SONG_LIMITS.minSeconds + 0.1))).toBeNull();
    // 10 minutes and 10 s at 8 kHz: 9.8 MB, read from the header
    expect(await refusal(piece(SONG_LIMITS.maxSeconds + 10, 8000))).toBe('duration');
    const oversize = Buffer.concat([piece(5), Buffer.alloc(SONG_LIMITS.maxBytes)]);
    expect(await refusal(oversize)).toBe('size');
  });

  it('refuses a silent song and a WAV it cannot read', async () => {
    expect(await refusal(encodeWav(new Float32Array(10 * RATE), RATE))).toBe('unreadable');
    const broken = piece(10);
    broken.writeUInt16LE(7, 20);
    expect(await refusal(broken)).toBe('unreadable');
    expect(await refusal(Buffer.from('RIFF\0\0\0\0WAVEjunk'))).toBe('unreadable');
  });

  it.skipIf(!hasFfmpeg)('refuses a 2-s MP3, a silent one, an 11-minute one and a broken one (needs ffmpeg)', async () => {
    expect(await refusal(encodeWithFfmpeg(piece(2), 'mp3'))).toBe('duration');
    expect(await refusal(encodeWithFfmpeg(encodeWav(new Float32Array(10 * 8000), 8000), 'mp3'))).toBe('unreadable');
    expect(await refusal(encodeWithFfmpeg(piece(660, 8000), 'mp3', ['-b:a', '32k']))).toBe('duration');
    const mp3 = encodeWithFfmpeg(piece(10), 'mp3');
    expect(await refusal(Buffer.concat([mp3.subarray(0, 10), Buffer.alloc(5000, 0x55)]))).toBe('unreadable');
  });
});

describe.skipIf(!hasFfmpeg)('reading a song for the dance (needs ffmpeg)', () => {
  it('decodes an M4A, whose index ffmpeg finds only in a file, not a pipe', async () => {
    const m4a = encodeWithFfmpeg(piece(12), 'm4a');
    const { samples, sampleRate } = songSamples(await readSong(m4a));
    expect(Math.abs(samples.length / sampleRate - 12)).toBeLessThan(0.1);
  });
});
