import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importCard } from './import.ts';
import type { CardError } from './types.ts';
import { openZip } from './zip.ts';

/** CHARX files written with Zip64 headers by other programs (fixtures/make-zip64.py). */
const fixture = (name: string) => fs.readFileSync(path.join(import.meta.dirname, 'fixtures', name));
const PYTHON = 'zip64-python.charx';
const INFO_ZIP = 'zip64-infozip.charx';

/**
 * The Info-ZIP archive as rubyzip writes a small one: every central entry keeps its Zip64
 * extra field and saturated sizes, but the Zip64 end records are left out and the plain end
 * record holds the real directory offset (rubyzip writes them only when they are needed).
 */
function withoutZip64EndRecords(zip: Buffer): Buffer {
  const end64 = zip.lastIndexOf(Buffer.from('PK\x06\x06', 'latin1'));
  const end = zip.lastIndexOf(Buffer.from('PK\x05\x06', 'latin1'));
  expect(end64).toBeGreaterThan(0);
  const directoryOffset = Number(zip.readBigUInt64LE(end64 + 48));
  const record = Buffer.from(zip.subarray(end));
  record.writeUInt32LE(directoryOffset, 16);
  return Buffer.concat([zip.subarray(0, end64), record]);
}

describe('CHARX archives with Zip64 headers', () => {
  it('Info-ZIP `zip -fz` saturates the central sizes and offset and writes Zip64 end records', () => {
    const zip = fixture(INFO_ZIP);
    const central = zip.indexOf(Buffer.from('PK\x01\x02', 'latin1'));
    expect(zip.readUInt32LE(central + 24)).toBe(0xffffffff);
    expect(zip.indexOf(Buffer.from('PK\x06\x06', 'latin1'))).toBeGreaterThan(0);
  });

  for (const [what, bytes] of [
    ['Python zipfile with force_zip64', () => fixture(PYTHON)],
    ['Info-ZIP zip -fz', () => fixture(INFO_ZIP)],
    ['the rubyzip shape: Zip64 extra fields without Zip64 end records', () => withoutZip64EndRecords(fixture(INFO_ZIP))],
  ] as const) {
    it(`imports a card from ${what}, with its icon`, () => {
      const zip = bytes();
      const card = importCard(zip);
      expect(card.agent.nickname).toMatch(/Zip64$/);
      expect(card.agent.opening).toBe('Hello from a Zip64 archive.');
      expect(card.avatar?.subarray(1, 4).toString('latin1')).toBe('PNG');
      expect(openZip(zip).names).toEqual(['card.json', 'assets/icon/images/main.png', 'assets/emotion/images/happy.png']);
      // the emotion sprite is kept with its file
      expect(card.assetsLeftOut).toEqual([]);
      expect(card.assetFiles.map((f) => f.path)).toEqual(['assets/emotion/images/happy.png']);
      expect(card.assetFiles[0]!.bytes.equals(openZip(zip).read('assets/emotion/images/happy.png')!)).toBe(true);
    });
  }

  it('an entry whose Zip64 size is beyond the limit is refused as too large before inflating', () => {
    const zip = withoutZip64EndRecords(fixture(INFO_ZIP));
    const central = zip.indexOf(Buffer.from('PK\x01\x02', 'latin1'));
    const extra = central + 46 + zip.readUInt16LE(central + 28);
    expect(zip.readUInt16LE(extra)).toBe(0x0001);
    zip.writeBigUInt64LE(5n * 2n ** 32n, extra + 4);
    expect(() => importCard(zip)).toThrow(expect.objectContaining({ code: 'too_large' }) as CardError);
  });

  it('a saturated size without a Zip64 extra field is a damaged archive', () => {
    const zip = withoutZip64EndRecords(fixture(INFO_ZIP));
    const central = zip.indexOf(Buffer.from('PK\x01\x02', 'latin1'));
    const extra = central + 46 + zip.readUInt16LE(central + 28);
    zip.writeUInt16LE(0x7075, extra);
    expect(() => importCard(zip)).toThrow(expect.objectContaining({ code: 'corrupt_zip' }) as CardError);
  });
});
