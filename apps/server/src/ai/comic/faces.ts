import sharp from 'sharp';

/** A rectangle in pixels of the picture it was found in. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The long side of the copy the search runs on: enough for a face a tenth of the picture wide. */
const SEARCH_SIDE = 200;
/** Smallest face, as a share of the picture's area: a face smaller than this is not covered by a balloon. */
const MIN_AREA = 0.004;
/** Largest face: a blob covering more is a skin-toned background (sand, a dusk sky). */
const MAX_AREA = 0.3;

/**
 * Skin by colour, after Chai and Ngan (1999): in YCbCr, skin of every complexion falls in a small
 * box of Cb and Cr whatever its brightness. Too dark and too grey pixels are left out, since the
 * box also holds dim browns and the greys of a cloudy sky.
 */
function isSkin(r: number, g: number, b: number): boolean {
  const y = 0.299 * r + 0.587 * g + 0.114 * b;
  const cb = 128 - 0.168736 * r - 0.331264 * g + 0.5 * b;
  const cr = 128 + 0.5 * r - 0.418688 * g - 0.081312 * b;
  return y > 70 && cb >= 77 && cb <= 127 && cr >= 133 && cr <= 173 && r > b + 15;
}

interface Blob {
  area: number;
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

/** The 4-connected blobs of a mask, by flood fill. */
function blobs(mask: Uint8Array, width: number, height: number): Blob[] {
  const seen = new Uint8Array(mask.length);
  const stack: number[] = [];
  const found: Blob[] = [];
  for (let start = 0; start < mask.length; start++) {
    if (!mask[start] || seen[start]) continue;
    const blob = { area: 0, minX: width, minY: height, maxX: 0, maxY: 0 };
    seen[start] = 1;
    stack.push(start);
    while (stack.length) {
      const i = stack.pop()!;
      const x = i % width;
      const y = (i - x) / width;
      blob.area++;
      blob.minX = Math.min(blob.minX, x);
      blob.maxX = Math.max(blob.maxX, x);
      blob.minY = Math.min(blob.minY, y);
      blob.maxY = Math.max(blob.maxY, y);
      for (const j of [x > 0 ? i - 1 : -1, x < width - 1 ? i + 1 : -1, y > 0 ? i - width : -1, y < height - 1 ? i + width : -1]) {
        if (j >= 0 && mask[j] && !seen[j]) {
          seen[j] = 1;
          stack.push(j);
        }
      }
    }
    found.push(blob);
  }
  return found;
}

/** A blob shaped like a face (with or without its neck): roundish or upright, fairly solid, not a band along the picture. */
function faceLike(b: Blob, width: number, height: number): boolean {
  const w = b.maxX - b.minX + 1;
  const h = b.maxY - b.minY + 1;
  const total = width * height;
  const solidity = b.area / (w * h);
  const edges = Number(b.minX === 0) + Number(b.maxX === width - 1) + Number(b.minY === 0) + Number(b.maxY === height - 1);
  return b.area >= total * MIN_AREA && b.area <= total * MAX_AREA && h / w >= 0.7 && h / w <= 2.4 && solidity >= 0.45 && edges <= 1 && w <= width * 0.6;
}

/**
 * Faces in a picture, found offline by skin colour: skin pixels of a downscaled copy are
 * grouped into blobs and the blobs shaped like a face are kept, as boxes in the picture's own
 * pixels, largest first.
 *
 * Limits: it finds skin, not faces. A face in shadow, painted in an unusual colour (a blue
 * alien) or seen from behind is missed; a bare arm, a hand near the face (merged into one box)
 * or a round skin-toned object (a peach, a lamp's glow) may count as a face. Faces smaller than
 * MIN_AREA of the picture are ignored. That is what lettering needs: boxes to keep balloons off,
 * where a missed face costs a covered face and a false one only a less ideal balloon spot.
 */
export async function detectFaces(png: Buffer): Promise<Box[]> {
  const { data, info } = await sharp(png).resize(SEARCH_SIDE, SEARCH_SIDE, { fit: 'inside' }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  const original = await sharp(png).metadata();
  const mask = new Uint8Array(width * height);
  for (let i = 0; i < mask.length; i++) mask[i] = isSkin(data[i * 3]!, data[i * 3 + 1]!, data[i * 3 + 2]!) ? 1 : 0;
  const sx = (original.width ?? width) / width;
  const sy = (original.height ?? height) / height;
  return blobs(mask, width, height)
    .filter((b) => faceLike(b, width, height))
    .sort((a, b) => b.area - a.area)
    .map((b) => ({ x: Math.floor(b.minX * sx), y: Math.floor(b.minY * sy), width: Math.ceil((b.maxX - b.minX + 1) * sx), height: Math.ceil((b.maxY - b.minY + 1) * sy) }));
}
