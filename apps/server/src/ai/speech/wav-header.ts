/**
 * Writes the real RIFF and data sizes into a WAV that was streamed to a pipe: eSpeak NG
 * cannot seek back, so it leaves 0x7fffffff there, which some players refuse.
 */
export function fixStreamedWavSizes(wav: Buffer): Buffer {
  if (wav.length < 12 || wav.toString('ascii', 0, 4) !== 'RIFF' || wav.toString('ascii', 8, 12) !== 'WAVE') {
    throw new Error('not a WAV file');
  }
  const out = Buffer.from(wav);
  out.writeUInt32LE(out.length - 8, 4);
  let offset = 12;
  while (offset + 8 <= out.length) {
    const id = out.toString('ascii', offset, offset + 4);
    if (id === 'data') {
      out.writeUInt32LE(out.length - offset - 8, offset + 4);
      return out;
    }
    offset += 8 + out.readUInt32LE(offset + 4);
  }
  throw new Error('WAV without a data chunk');
}
