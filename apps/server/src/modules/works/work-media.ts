import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';

const run = promisify(execFile);

/** A checked upload ready to store: its bytes without metadata, extension and content type. */
export interface CleanFile {
  body: Buffer;
  ext: string;
  contentType: string;
}

/** Longest side of a stored work picture; larger ones are scaled down. */
const MAX_SIDE = 4096;
const IMAGE_FORMATS = new Set(['jpeg', 'png', 'webp']);

/**
 * Re-encodes an uploaded picture as WebP no larger than `maxSide`, or null when its content is
 * not a JPG, PNG or WebP image whatever it is called. EXIF orientation is applied, then every
 * metadata block is dropped (sharp writes none unless asked).
 */
export async function cleanImage(upload: Buffer, maxSide: number = MAX_SIDE): Promise<CleanFile | null> {
  try {
    // limitInputPixels refuses decompression bombs before decoding
    const image = sharp(upload, { limitInputPixels: 40_000_000, failOn: 'error' });
    const { format } = await image.metadata();
    if (!format || !IMAGE_FORMATS.has(format)) return null;
    const body = await image.rotate().resize(maxSide, maxSide, { fit: 'inside', withoutEnlargement: true }).webp({ quality: 90 }).toBuffer();
    return { body, ext: 'webp', contentType: 'image/webp' };
  } catch {
    return null;
  }
}

/** A container ffprobe recognised, and what it is stored as. */
interface Container {
  kind: 'audio' | 'video';
  ext: string;
  muxer: string;
  contentType: string;
}

/**
 * The containers accepted, by ffprobe's format name (read from the bytes, not the name) and
 * whether a picture stream is present. Anything else (a PNG, a text file, an image sequence)
 * is refused.
 */
function containerOf(formatName: string, hasVideo: boolean, hasAudio: boolean): Container | null {
  if (hasVideo) {
    if (formatName.startsWith('mov,mp4')) return { kind: 'video', ext: 'mp4', muxer: 'mp4', contentType: 'video/mp4' };
    if (formatName === 'matroska,webm') return { kind: 'video', ext: 'webm', muxer: 'webm', contentType: 'video/webm' };
    return null;
  }
  if (!hasAudio) return null;
  if (formatName === 'wav') return { kind: 'audio', ext: 'wav', muxer: 'wav', contentType: 'audio/wav' };
  if (formatName === 'mp3') return { kind: 'audio', ext: 'mp3', muxer: 'mp3', contentType: 'audio/mpeg' };
  if (formatName === 'ogg') return { kind: 'audio', ext: 'ogg', muxer: 'ogg', contentType: 'audio/ogg' };
  if (formatName.startsWith('mov,mp4')) return { kind: 'audio', ext: 'm4a', muxer: 'ipod', contentType: 'audio/mp4' };
  return null;
}

// ffmpeg follows playlists (HLS, concat) to other files and to the network: an upload may only be
// read as one of the accepted containers, from its own file
const INPUT_LIMITS = ['-protocol_whitelist', 'file', '-format_whitelist', 'mov,matroska,wav,mp3,ogg'];

interface Probe {
  format?: { format_name?: string };
  streams?: Array<{ codec_type?: string; disposition?: { attached_pic?: number } }>;
}

/**
 * Checks an uploaded sound or video by its content with ffprobe and copies its streams into a
 * new file of the same container without any metadata (titles, GPS, encoder tags, chapters,
 * cover art); null when the content is not an accepted container of the `kind` asked for.
 */
export async function cleanAudioVideo(upload: Buffer, kind: 'audio' | 'video'): Promise<CleanFile | null> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'starlit-work-'));
  try {
    const input = path.join(dir, 'upload');
    await fs.writeFile(input, upload);
    let probe: Probe;
    try {
      const { stdout } = await run('ffprobe', ['-v', 'error', ...INPUT_LIMITS, '-show_entries', 'format=format_name:stream=codec_type:stream_disposition=attached_pic', '-of', 'json', input], {
        timeout: 30_000,
      });
      probe = JSON.parse(stdout) as Probe;
    } catch {
      return null;
    }
    // an attached picture (an MP3's cover art) is metadata, not a video
    const streams = (probe.streams ?? []).filter((s) => !s.disposition?.attached_pic);
    const container = containerOf(
      probe.format?.format_name ?? '',
      streams.some((s) => s.codec_type === 'video'),
      streams.some((s) => s.codec_type === 'audio'),
    );
    if (!container || container.kind !== kind) return null;
    const output = path.join(dir, `clean.${container.ext}`);
    const maps = container.kind === 'video' ? ['-map', '0:v:0', '-map', '0:a?'] : ['-map', '0:a'];
    try {
      await run(
        'ffmpeg',
        [
          '-v',
          'error',
          ...INPUT_LIMITS,
          '-i',
          input,
          ...maps,
          '-map_metadata',
          '-1',
          '-map_chapters',
          '-1',
          '-c',
          'copy',
          '-fflags',
          '+bitexact',
          '-flags:v',
          '+bitexact',
          '-flags:a',
          '+bitexact',
          '-f',
          container.muxer,
          output,
        ],
        { timeout: 120_000 },
      );
    } catch {
      return null;
    }
    return { body: await fs.readFile(output), ext: container.ext, contentType: container.contentType };
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
