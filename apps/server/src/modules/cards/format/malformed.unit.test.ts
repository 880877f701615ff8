import fc from 'fast-check';
import { zipSync } from 'fflate';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { exportCardCharx, exportCardPng } from './export.ts';
import { importCard } from './import.ts';
import { PNG_SIGNATURE, readChunks, writePng, type PngChunk } from './png.ts';
import { CARD_ERROR_CODES, CardError, emptyExtra, MAX_CARD_BYTES, type CardAgent, type CardErrorCode } from './types.ts';

const agent: CardAgent = {
  nickname: 'Mira',
  gender: 'Female',
  roleSetting: 'A lighthouse keeper.',
  roleIntro: 'Keeps the light.',
  opening: 'Ahoy.',
  tags: ['sea'],
  skills: ['TextToImage'],
  voices: [{ voiceId: 'v-1', pitch: 0, volume: 50, speed: 1 }],
  avatarKind: '2d',
  extra: emptyExtra(),
};

/** The code of the CardError importing these bytes gives, 'ok' when it imports; anything else is thrown. */
function outcome(bytes: Buffer): CardErrorCode | 'ok' {
  try {
    importCard(bytes);
    return 'ok';
  } catch (error) {
    if (!(error instanceof CardError)) throw error;
    expect(CARD_ERROR_CODES).toContain(error.code);
    expect(error.message).toMatch(/^[A-Z"].+\.$/);
    return error.code;
  }
}

const codeOf = (bytes: Buffer) => outcome(bytes);
const text = (keyword: string, body: string): PngChunk => ({ type: 'tEXt', data: Buffer.from(`${keyword}\0${body}`, 'latin1') });
const b64 = (value: string) => Buffer.from(value, 'utf8').toString('base64');

let image: Buffer;
let png: Buffer;
let boundaries: number[];
beforeAll(async () => {
  image = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#123456' } })
    .png()
    .toBuffer();
  png = await exportCardPng(agent, image);
  boundaries = [];
  for (let at = PNG_SIGNATURE.length; at < png.length; at += 12 + png.readUInt32BE(at)) boundaries.push(at);
});

/** The test image with these chunks before IEND (CRCs correct, so only their content is wrong). */
const pngWith = (...extra: PngChunk[]) => {
  const chunks = readChunks(image);
  return writePng([...chunks.slice(0, -1), ...extra, chunks[chunks.length - 1]]);
};

describe('malformed PNG', () => {
  it('any single byte changed: a CardError, never another exception', () => {
    fc.assert(
      fc.property(fc.nat(), fc.integer({ min: 1, max: 255 }), (index, mask) => {
        const damaged = Buffer.from(png);
        damaged[index % png.length] ^= mask;
        expect(outcome(damaged)).not.toBe('ok');
      }),
      { numRuns: 2000 },
    );
  });

  it('cut at every chunk boundary, and one byte either side', () => {
    for (const at of boundaries) {
      for (const cut of [at - 1, at, at + 1]) expect(codeOf(png.subarray(0, cut))).not.toBe('ok');
    }
    expect(codeOf(png.subarray(0, png.length - 1))).toBe('corrupt_png');
  });

  it('cut anywhere', () => {
    for (let cut = 0; cut < png.length; cut++) expect(outcome(png.subarray(0, cut))).not.toBe('ok');
  });

  it('a PNG without a card', () => {
    expect(codeOf(image)).toBe('not_a_card');
    expect(codeOf(pngWith(text('Comment', 'hello')))).toBe('not_a_card');
  });

  it('card text that is not base64, not UTF-8, not JSON, or not a card', () => {
    expect(codeOf(pngWith(text('chara', 'not base64!')))).toBe('bad_base64');
    expect(codeOf(pngWith(text('chara', 'QUJDRA=')))).toBe('bad_base64');
    expect(codeOf(pngWith(text('chara', Buffer.from([0xff, 0xfe, 0x7b]).toString('base64'))))).toBe('bad_json');
    expect(codeOf(pngWith(text('chara', b64('{"spec": "chara_card_v2",'))))).toBe('bad_json');
    expect(codeOf(pngWith(text('chara', b64('[1, 2, 3]'))))).toBe('not_a_card');
    expect(codeOf(pngWith(text('chara', b64('{"hello": "world"}'))))).toBe('not_a_card');
    expect(codeOf(pngWith(text('ccv3', b64('{"spec": "chara_card_v3", "spec_version": "4.0", "data": {}}'))))).toBe('unsupported_spec');
  });

  it('a damaged ccv3 falls back to chara, saying so', () => {
    const chara = b64(JSON.stringify({ spec: 'chara_card_v2', spec_version: '2.0', data: { name: 'Old copy' } }));
    const card = importCard(pngWith(text('chara', chara), text('ccv3', 'garbage!')));
    expect(card.agent.nickname).toBe('Old copy');
    expect(card.sourceSpec).toBe('v2');
    expect(card.warnings[0]).toMatch(/V3 card .* could not be read/);
  });

  it('a card of about 6 MB of base64 text, well under the 10 MB limit, imports', () => {
    const examples = 'x'.repeat(4_500_000);
    const body = b64(JSON.stringify({ spec: 'chara_card_v2', spec_version: '2.0', data: { name: 'Big', mes_example: examples } }));
    expect(body.length).toBeGreaterThan(6_000_000);
    const card = importCard(pngWith(text('chara', body)));
    expect(card.agent.nickname).toBe('Big');
    expect(card.agent.extra.data.mes_example).toBe(examples);
    // as long, and of a length base64 cannot have
    const unpadded = body.replace(/=+$/, '');
    expect(codeOf(pngWith(text('chara', unpadded + 'A'.repeat((5 - (unpadded.length % 4)) % 4))))).toBe('bad_base64');
  });

  it('a compressed iTXt card that expands beyond the limit', async () => {
    const { deflateSync } = await import('node:zlib');
    const bomb = deflateSync(Buffer.alloc(21 * 1024 * 1024, 0x41));
    const itxt: PngChunk = { type: 'iTXt', data: Buffer.concat([Buffer.from('ccv3\0\x01\x00\0\0', 'latin1'), bomb]) };
    expect(codeOf(pngWith(itxt))).toBe('too_large');
  });
});

describe('malformed JSON and other files', () => {
  it('arbitrary text, JSON values and bytes: a CardError or a card, never another exception', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ unit: 'binary' }).map((s) => Buffer.from(s)),
          fc.jsonValue().map((v) => Buffer.from(JSON.stringify(v) ?? '')),
          fc.uint8Array({ maxLength: 200 }).map((a) => Buffer.from(a)),
          fc.record({ spec: fc.constantFrom('chara_card_v2', 'chara_card_v3', undefined), data: fc.jsonValue(), name: fc.jsonValue() }).map((v) => Buffer.from(JSON.stringify(v))),
        ),
        (bytes) => {
          outcome(bytes);
        },
      ),
      { numRuns: 2000 },
    );
    // 2000 runs take about 2 s alone and several times that on a loaded machine
  }, 30_000);

  it('each failure has its code', () => {
    const json = (value: unknown) => Buffer.from(JSON.stringify(value));
    expect(codeOf(Buffer.from(''))).toBe('not_a_card');
    expect(codeOf(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('not_a_card');
    expect(codeOf(Buffer.from('{"name": "x", '))).toBe('bad_json');
    expect(codeOf(json({ spec: 'chara_card_v4', data: {} }))).toBe('unsupported_spec');
    expect(codeOf(json({ spec: 'chara_card_v2' }))).toBe('invalid_card');
    expect(codeOf(json({ spec: 'chara_card_v2', data: { description: 'no name' } }))).toBe('invalid_card');
    expect(codeOf(json({ spec: 'chara_card_v2', data: { name: 'x', description: 7 } }))).toBe('invalid_card');
    expect(codeOf(json({ spec: 'chara_card_v3', data: { name: 'x', tags: 'a,b' } }))).toBe('invalid_card');
    expect(codeOf(json({ name: 'only a name' }))).toBe('not_a_card');
    expect(codeOf(Buffer.alloc(MAX_CARD_BYTES + 1, 0x20))).toBe('too_large');
  });
});

describe('malformed CHARX', () => {
  const card = Buffer.from(JSON.stringify({ spec: 'chara_card_v3', spec_version: '3.0', data: { name: 'Zed' } }));

  it('a zip without card.json, or damaged', () => {
    expect(codeOf(Buffer.from(zipSync({ 'readme.txt': Buffer.from('hi') })))).toBe('not_a_card');
    expect(codeOf(Buffer.from(zipSync({})))).toBe('not_a_card');
    expect(codeOf(Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(64, 7)]))).toBe('corrupt_zip');
  });

  it('a zip bomb, honest or lying about its size, and a zip of too many files', () => {
    const huge = Buffer.alloc(21 * 1024 * 1024, 0x20);
    const bomb = Buffer.from(zipSync({ 'card.json': Buffer.concat([card, huge]) }, { level: 9 }));
    expect(bomb.length).toBeLessThan(MAX_CARD_BYTES);
    expect(codeOf(bomb)).toBe('too_large');
    // the central directory claims 20 bytes: no more than that is inflated, and the cut file fails its CRC
    const liar = Buffer.from(bomb);
    liar.writeUInt32LE(20, liar.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02])) + 24);
    expect(codeOf(liar)).toBe('corrupt_zip');
    const many = Object.fromEntries(Array.from({ length: 1001 }, (_, i) => [`f${i}`, new Uint8Array(0)]));
    expect(codeOf(Buffer.from(zipSync({ ...many, 'card.json': card })))).toBe('too_large');
    // deflating 21 MB at level 9 takes seconds on a loaded machine
  }, 30_000);

  it('any single byte changed: a CardError or a card, never another exception', async () => {
    const charx = await exportCardCharx(agent, image);
    fc.assert(
      fc.property(fc.nat(), fc.integer({ min: 1, max: 255 }), (index, mask) => {
        const damaged = Buffer.from(charx);
        damaged[index % charx.length] ^= mask;
        outcome(damaged);
      }),
      { numRuns: 1000 },
    );
  });
});
