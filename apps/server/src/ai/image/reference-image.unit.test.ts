import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { checkReferenceImage, MAX_REFERENCE_BYTES } from './reference-image.ts';

const picture = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#8844cc' } });

describe('checkReferenceImage', () => {
  it('takes JPEG, PNG and WebP, judged by content', async () => {
    for (const [format, bytes] of [
      ['jpeg', await picture(40, 30).jpeg().toBuffer()],
      ['png', await picture(40, 30).png().toBuffer()],
      ['webp', await picture(40, 30).webp().toBuffer()],
    ] as const)
      expect(await checkReferenceImage(bytes)).toMatchObject({ format, width: 40, height: 30 });
  });

  it('refuses other formats, non-pictures, empty, too large and too many pixels', async () => {
    await expect(checkReferenceImage(await picture(10, 10).gif().toBuffer())).rejects.toThrow(/JPEG, PNG or WebP/);
    await expect(checkReferenceImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).rejects.toThrow(/JPEG, PNG or WebP|not a picture/);
    await expect(checkReferenceImage(Buffer.from('hello, not a picture'))).rejects.toThrow(/not a picture/);
    await expect(checkReferenceImage(Buffer.alloc(0))).rejects.toThrow(/empty/);
    await expect(checkReferenceImage(Buffer.alloc(MAX_REFERENCE_BYTES + 1))).rejects.toThrow(/10 MB/);
    await expect(checkReferenceImage(await picture(4097, 8).png().toBuffer())).rejects.toThrow(/4096 px/);
  });
});
