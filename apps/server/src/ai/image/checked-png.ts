import sharp from 'sharp';

/** Checks a picture an engine answered is a PNG of the asked size, and keeps its bytes (and its `parameters` chunk). */
export async function checkedPng(image: Buffer, size: { width: number; height: number }): Promise<Buffer> {
  const meta = await sharp(image).metadata();
  if (meta.format !== 'png' || meta.width !== size.width || meta.height !== size.height) {
    throw new Error(`the engine answered a ${meta.format} of ${meta.width}x${meta.height}, not a ${size.width}x${size.height} PNG`);
  }
  return image;
}
