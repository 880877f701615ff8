import { randomBytes } from 'node:crypto';
import { ErrorCode } from '@starlit/contract';
import { checkReferenceImage, ReferenceImageError, type ReferenceInfo } from '../../ai/image/reference-image.ts';
import { checkSong, SONG_EXTENSIONS, SongError } from '../../ai/dance/index.ts';
import { AppError } from '../../platform/errors.ts';
import type { Storage } from '../../platform/storage.ts';
import { CREATIONS_FOLDER } from './creation.repository.ts';

const SONG_ERRORS = {
  type: ErrorCode.CREATION_SONG_TYPE,
  unreadable: ErrorCode.CREATION_SONG_TYPE,
  size: ErrorCode.CREATION_SONG_SIZE,
  duration: ErrorCode.CREATION_SONG_DURATION,
} as const;

const IMAGE_EXTENSIONS: Record<string, string> = { 'image/jpeg': '.jpg', 'image/png': '.png', 'image/webp': '.webp' };

/** A reference picture judged by its content: what it is, or the studio's refusal (5111 type, 5112 size). */
export async function judgeImage(bytes: Buffer): Promise<ReferenceInfo> {
  try {
    return await checkReferenceImage(bytes);
  } catch (error) {
    if (error instanceof ReferenceImageError) throw new AppError(error.reason === 'size' ? ErrorCode.CREATION_IMAGE_SIZE : ErrorCode.CREATION_IMAGE_TYPE);
    throw error;
  }
}

/** Where a person's uploads for the studio go: only keys under it are theirs to use. */
export const uploadFolder = (userId: string) => `${CREATIONS_FOLDER}${userId}/uploads/`;

/**
 * Uploads for the studio (reference pictures, songs), judged by content before anything is
 * stored: a refusal stores nothing. Kept as uploaded, since the engines read the original; an
 * upload no creation names is removed by the media sweep after its grace period.
 */
export function creationUploads(deps: { storage: Storage }) {
  async function judge(kind: 'image' | 'song', bytes: Buffer) {
    if (kind === 'image') {
      const info = await judgeImage(bytes);
      return { mime: info.contentType, ext: IMAGE_EXTENSIONS[info.contentType]!, width: info.width, height: info.height };
    }
    try {
      const song = await checkSong(bytes);
      return { mime: song.contentType, ext: SONG_EXTENSIONS[song.contentType], seconds: song.seconds };
    } catch (error) {
      if (error instanceof SongError) throw new AppError(SONG_ERRORS[error.reason]);
      throw error;
    }
  }

  return {
    async store(userId: string, kind: 'image' | 'song', data: string) {
      const bytes = Buffer.from(data, 'base64');
      const { ext, ...facts } = await judge(kind, bytes);
      const key = `${uploadFolder(userId)}${randomBytes(12).toString('hex')}${ext}`;
      const url = await deps.storage.put(key, bytes, facts.mime);
      return { key, url, ...facts };
    },

    /** The bytes of one of the person's uploads; 5116 when it is not theirs or is gone. */
    async read(userId: string, key: string): Promise<Buffer> {
      const bytes = key.startsWith(uploadFolder(userId)) && !key.includes('..') ? await deps.storage.read(key) : null;
      if (!bytes) throw new AppError(ErrorCode.CREATION_UPLOAD_NOT_FOUND);
      return bytes;
    },
  };
}

export type UploadChecks = ReturnType<typeof creationUploads>;
