/**
 * RIFF `LIST`/`INFO` tags of a WAV file: where a piece's description and settings travel with
 * it, as the ID3 title and comment do in its MP3. The standard INFO ids, so other programs read
 * them: ffprobe shows INAM as title, ICMT as comment, IGNR as genre and ISFT as encoder.
 */
export interface WavInfo {
  /** INAM: the title. */
  title?: string;
  /** ICMT: a comment (the engine and settings as JSON). */
  comment?: string;
  /** IGNR: the genre. */
  genre?: string;
  /** ISFT: the software that made it. */
  software?: string;
}

const FIELDS = { title: 'INAM', comment: 'ICMT', genre: 'IGNR', software: 'ISFT' } as const satisfies Record<keyof WavInfo, string>;
// ICMT holds a settings JSON; anything longer is a mistake, not a comment
const MAX_VALUE_BYTES = 16 * 1024;

interface Chunk {
  id: string;
  /** Offset of the chunk's header. */
  at: number;
  size: number;
}

/** The top-level chunks after "RIFF····WAVE", in order; a truncated last one ends the list. */
function chunksOf(wav: Buffer): Chunk[] {
  if (wav.length < 12 || wav.toString('latin1', 0, 4) !== 'RIFF' || wav.toString('latin1', 8, 12) !== 'WAVE') throw new Error('not a RIFF/WAVE file');
  const chunks: Chunk[] = [];
  for (let at = 12; at + 8 <= wav.length; ) {
    const size = wav.readUInt32LE(at + 4);
    chunks.push({ id: wav.toString('latin1', at, at + 4), at, size });
    at += 8 + size + (size % 2);
  }
  return chunks;
}

const isInfoList = (wav: Buffer, chunk: Chunk) => chunk.id === 'LIST' && chunk.size >= 4 && wav.toString('latin1', chunk.at + 8, chunk.at + 12) === 'INFO';

/** One INFO sub-chunk: the text as UTF-8 (what ffmpeg writes and reads), NUL-terminated, padded to an even length. */
function subChunk(id: string, value: string): Buffer {
  let text = Buffer.from(value, 'utf8');
  if (text.length > MAX_VALUE_BYTES)
    text = Buffer.from(
      text
        .subarray(0, MAX_VALUE_BYTES)
        .toString('utf8')
        .replace(/\uFFFD+$/, ''),
      'utf8',
    );
  const size = text.length + 1;
  const out = Buffer.alloc(8 + size + (size % 2));
  out.write(id, 0, 'latin1');
  out.writeUInt32LE(size, 4);
  text.copy(out, 8);
  return out;
}

/**
 * The WAV with `info` as its LIST/INFO chunk, placed before the data chunk (readers that stream
 * the file, ffmpeg on a pipe among them, stop looking at the data). An INFO list it had is
 * replaced; the samples and every other chunk are kept byte for byte.
 */
export function withWavInfo(wav: Buffer, info: WavInfo): Buffer {
  const chunks = chunksOf(wav);
  const data = chunks.find((c) => c.id === 'data');
  if (!data) throw new Error('WAV without a data chunk');
  const entries = (Object.keys(FIELDS) as (keyof WavInfo)[]).filter((key) => info[key]).map((key) => subChunk(FIELDS[key], info[key]!));
  const body = Buffer.concat([Buffer.from('INFO', 'latin1'), ...entries]);
  const header = Buffer.alloc(8);
  header.write('LIST', 0, 'latin1');
  header.writeUInt32LE(body.length, 4);
  const list = entries.length ? Buffer.concat([header, body]) : Buffer.alloc(0);
  const parts: Buffer[] = [wav.subarray(0, 12)];
  for (const chunk of chunks) {
    if (chunk === data) parts.push(list);
    if (!isInfoList(wav, chunk)) parts.push(wav.subarray(chunk.at, Math.min(wav.length, chunk.at + 8 + chunk.size + (chunk.size % 2))));
  }
  const out = Buffer.concat(parts);
  out.writeUInt32LE(out.length - 8, 4);
  return out;
}

/** The tags of a WAV's LIST/INFO chunk; empty when it has none. */
export function readWavInfo(wav: Buffer): WavInfo {
  const info: WavInfo = {};
  const byId = new Map<string, keyof WavInfo>(Object.entries(FIELDS).map(([key, id]) => [id, key as keyof WavInfo]));
  for (const chunk of chunksOf(wav).filter((c) => isInfoList(wav, c))) {
    const end = Math.min(wav.length, chunk.at + 8 + chunk.size);
    for (let at = chunk.at + 12; at + 8 <= end; ) {
      const size = wav.readUInt32LE(at + 4);
      const key = byId.get(wav.toString('latin1', at, at + 4));
      if (key) info[key] = wav.toString('utf8', at + 8, Math.min(end, at + 8 + size)).replace(/\0+$/, '');
      at += 8 + size + (size % 2);
    }
  }
  return info;
}
