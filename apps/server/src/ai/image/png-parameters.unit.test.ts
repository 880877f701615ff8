import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { crc32, parseParameters, pngChunk, readParameters, readPngText, withParameters, writePngText } from './png-parameters.ts';

const png = await sharp({ create: { width: 4, height: 3, channels: 3, background: '#336699' } })
  .png()
  .toBuffer();

// Exactly what AUTOMATIC1111 1.x writes for a txt2img with a negative prompt and a quoted setting.
const A1111_TEXT = [
  'masterpiece, 1girl, (cat ears:1.2), starry night',
  'Negative prompt: lowres, bad anatomy,',
  'blurry',
  'Steps: 20, Sampler: DPM++ 2M Karras, CFG scale: 7, Seed: 1234567890, Size: 512x768, Model hash: 6ce0161689, Model: v1-5-pruned-emaonly, Lora hashes: "cute: 1a2b3c, star: 4d5e6f", Version: v1.9.4',
].join('\n');

/** A PNG with one extra chunk placed after IHDR, as A1111 (via PIL) places its text. */
function withChunk(chunk: Buffer): Buffer {
  const ihdrEnd = 8 + 12 + png.readUInt32BE(8);
  return Buffer.concat([png.subarray(0, ihdrEnd), chunk, png.subarray(ihdrEnd)]);
}

const expected = {
  prompt: 'masterpiece, 1girl, (cat ears:1.2), starry night',
  negativePrompt: 'lowres, bad anatomy,\nblurry',
  settings: {
    Steps: '20',
    Sampler: 'DPM++ 2M Karras',
    'CFG scale': '7',
    Seed: '1234567890',
    Size: '512x768',
    'Model hash': '6ce0161689',
    Model: 'v1-5-pruned-emaonly',
    'Lora hashes': 'cute: 1a2b3c, star: 4d5e6f',
    Version: 'v1.9.4',
  },
};

describe('PNG parameters (AUTOMATIC1111 provenance)', () => {
  it('computes the PNG CRC-32 (check value of "123456789" and a real IEND)', () => {
    expect(crc32(Buffer.from('123456789'))).toBe(0xcbf43926);
    expect(pngChunk('IEND', Buffer.alloc(0)).subarray(8).toString('hex')).toBe('ae426082');
  });

  it('reads a tEXt parameters chunk as A1111 writes it', () => {
    const file = withChunk(pngChunk('tEXt', Buffer.concat([Buffer.from('parameters\0', 'latin1'), Buffer.from(A1111_TEXT, 'latin1')])));
    expect(readParameters(file)).toEqual(expected);
  });

  it('reads an iTXt parameters chunk, plain and compressed, with UTF-8 text', () => {
    const text = A1111_TEXT.replace('starry night', '星空下的貓耳少女');
    const plain = pngChunk('iTXt', Buffer.concat([Buffer.from('parameters\0\0\0\0\0', 'latin1'), Buffer.from(text, 'utf8')]));
    const packed = pngChunk('iTXt', Buffer.concat([Buffer.from('parameters\0\x01\0\0\0', 'latin1'), deflateSync(Buffer.from(text, 'utf8'))]));
    for (const chunk of [plain, packed]) expect(readParameters(withChunk(chunk))?.prompt).toBe('masterpiece, 1girl, (cat ears:1.2), 星空下的貓耳少女');
  });

  it('writes a chunk that reads back in the same parse and keeps the PNG valid', async () => {
    const written = withParameters(png, expected);
    expect(readPngText(written).get('parameters')).toBe(A1111_TEXT);
    expect(readParameters(written)).toEqual(expected);
    // libpng (inside sharp) checks every CRC; a wrong one fails the decode
    expect(await sharp(written).raw().toBuffer()).toEqual(await sharp(png).raw().toBuffer());
    const chunk = written.subarray(33, 33 + 12 + written.readUInt32BE(33));
    expect(chunk.toString('latin1', 4, 8)).toBe('tEXt');
    expect(chunk.readUInt32BE(chunk.length - 4)).toBe(crc32(chunk.subarray(4, chunk.length - 4)));
  });

  it('writes non-Latin-1 text as iTXt and replaces an earlier parameters chunk', () => {
    const once = writePngText(png, 'parameters', 'first');
    const twice = writePngText(once, 'parameters', '月光\nSteps: 1, Size: 4x3, Model: x');
    expect(twice.includes(Buffer.from('iTXt'))).toBe(true);
    expect(twice.includes(Buffer.from('first'))).toBe(false);
    expect(readParameters(twice)).toEqual({ prompt: '月光', negativePrompt: '', settings: { Steps: '1', Size: '4x3', Model: 'x' } });
  });

  it('keeps a prompt without a settings line whole and refuses what is not a PNG', () => {
    expect(parseParameters('just a prompt\nover two lines')).toEqual({ prompt: 'just a prompt\nover two lines', negativePrompt: '', settings: {} });
    expect(() => readPngText(Buffer.from('GIF89a'))).toThrow(/not a PNG/);
  });
});
