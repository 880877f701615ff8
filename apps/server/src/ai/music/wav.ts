const HEADER_BYTES = 44;
const FMT_CHUNK_BYTES = 16;
const FORMAT_PCM = 1;
const CHANNELS = 1;
const BYTES_PER_SAMPLE = 2;

/**
 * Encodes mono samples in [-1, 1] as a 16-bit PCM WAV file (RIFF, little-endian), the one
 * audio format every browser plays. Samples outside the range are clipped.
 */
export function encodeWav(samples: Float32Array, sampleRate: number): Buffer {
  const dataBytes = samples.length * BYTES_PER_SAMPLE;
  const out = Buffer.alloc(HEADER_BYTES + dataBytes);
  out.write('RIFF', 0, 'ascii');
  out.writeUInt32LE(HEADER_BYTES - 8 + dataBytes, 4);
  out.write('WAVE', 8, 'ascii');
  out.write('fmt ', 12, 'ascii');
  out.writeUInt32LE(FMT_CHUNK_BYTES, 16);
  out.writeUInt16LE(FORMAT_PCM, 20);
  out.writeUInt16LE(CHANNELS, 22);
  out.writeUInt32LE(sampleRate, 24);
  out.writeUInt32LE(sampleRate * CHANNELS * BYTES_PER_SAMPLE, 28);
  out.writeUInt16LE(CHANNELS * BYTES_PER_SAMPLE, 32);
  out.writeUInt16LE(BYTES_PER_SAMPLE * 8, 34);
  out.write('data', 36, 'ascii');
  out.writeUInt32LE(dataBytes, 40);
  for (let i = 0; i < samples.length; i++) {
    const s = Math.max(-1, Math.min(1, samples[i]));
    out.writeInt16LE(Math.round(s < 0 ? s * 32768 : s * 32767), HEADER_BYTES + i * BYTES_PER_SAMPLE);
  }
  return out;
}
