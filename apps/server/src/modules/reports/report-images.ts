import sharp from 'sharp';

/** A report picture ready to store: its bytes without metadata, extension and content type. */
export interface CleanPicture {
  body: Buffer;
  ext: 'jpg' | 'png';
  contentType: string;
}

/**
 * Re-encodes a report picture in its own format, or null when its content is not a JPG or a
 * PNG whatever it is called (SPEC §9). EXIF orientation is applied, then every metadata block
 * (GPS, camera, comments) is dropped: sharp writes none unless asked.
 */
export async function cleanReportPicture(bytes: Buffer): Promise<CleanPicture | null> {
  try {
    // limitInputPixels refuses decompression bombs before decoding
    const image = sharp(bytes, { limitInputPixels: 40_000_000, failOn: 'error' });
    const { format } = await image.metadata();
    if (format === 'jpeg') return { body: await image.rotate().jpeg({ quality: 90 }).toBuffer(), ext: 'jpg', contentType: 'image/jpeg' };
    if (format === 'png') return { body: await image.rotate().png().toBuffer(), ext: 'png', contentType: 'image/png' };
    return null;
  } catch {
    return null;
  }
}
