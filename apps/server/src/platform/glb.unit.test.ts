import { describe, expect, it } from 'vitest';
import { GlbBuffer, readGlb, readGlbJson, TARGET, writeGlb } from './glb.ts';

describe('glTF binary', () => {
  it('writes the 12-byte header, a space-padded JSON chunk and a zero-padded BIN chunk', () => {
    const file = writeGlb({ a: 1 }, Buffer.from([1, 2, 3]));
    expect(file.toString('latin1', 0, 4)).toBe('glTF');
    expect([file.readUInt32LE(4), file.readUInt32LE(8)]).toEqual([2, file.length]);
    // {"a":1} is 7 bytes, padded to 8 with a space
    expect([file.readUInt32LE(12), file.toString('latin1', 16, 20), file.toString('utf8', 20, 28)]).toEqual([8, 'JSON', '{"a":1} ']);
    expect([file.readUInt32LE(28), file.toString('latin1', 32, 36), [...file.subarray(36)]]).toEqual([4, 'BIN\0', [1, 2, 3, 0]]);
  });

  it('reads back what it writes, and names the problem of a broken file', () => {
    const file = writeGlb({ asset: { version: '2.0' } }, Buffer.from([1, 2, 3]));
    expect(file.length % 4).toBe(0);
    expect(readGlbJson(file)).toEqual({ json: { asset: { version: '2.0' } } });
    expect(readGlb(file)).toEqual({ json: { asset: { version: '2.0' } }, bin: Buffer.from([1, 2, 3, 0]) });
    const v1 = Buffer.from(file);
    v1.writeUInt32LE(1, 4);
    expect(readGlbJson(v1)).toEqual({ problem: 'glTF version 1, not 2' });
    expect(readGlbJson(file.subarray(0, file.length - 4))).toEqual({ problem: 'declared length differs from the file' });
    const badJson = Buffer.from(file);
    badJson.write('!', 20);
    expect(readGlbJson(badJson)).toEqual({ problem: 'JSON chunk does not parse' });
    expect(readGlbJson(Buffer.from('PK\x03\x04 a zip, not a model'))).toEqual({ problem: 'no glTF magic' });
    const badBin = Buffer.from(file);
    badBin.write('XXXX', file.length - 8);
    expect(readGlb(badBin)).toEqual({ problem: 'second chunk is not BIN' });
  });

  it('lays accessors out in aligned buffer views, and they read back', () => {
    const buffer = new GlbBuffer();
    const indices = buffer.add(Uint16Array.from([0, 1, 2]), 'SCALAR', { target: TARGET.ELEMENT_ARRAY_BUFFER });
    const points = buffer.add(Float32Array.from([0.5, -1, 2, 3, 4, 5]), 'VEC3', { min: [0.5, -1, 2], max: [3, 4, 5] });
    expect(buffer.bufferViews).toEqual([
      { buffer: 0, byteOffset: 0, byteLength: 6, target: 34963 },
      // the floats start on the next 4-byte boundary, after two bytes of padding
      { buffer: 0, byteOffset: 8, byteLength: 24 },
    ]);
    expect(buffer.accessors[indices]).toEqual({ bufferView: 0, componentType: 5123, count: 3, type: 'SCALAR' });
    expect(buffer.accessors[points]).toEqual({ bufferView: 1, componentType: 5126, count: 2, type: 'VEC3', min: [0.5, -1, 2], max: [3, 4, 5] });
    const read = readGlb(writeGlb({ accessors: buffer.accessors }, buffer.bin()));
    if ('problem' in read) throw new Error(read.problem);
    expect([read.bin.readUInt16LE(4), read.bin.readFloatLE(8), read.bin.readFloatLE(12)]).toEqual([2, 0.5, -1]);
  });
});
