import { strToU8, zipSync } from 'fflate';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { exportCardCharx, exportCardJson, exportCardPng } from './export.ts';
import { risuV3, sillyTavernV2, tavernV1 } from './fixtures.ts';
import { importCard } from './import.ts';
import { readChunks, writePng, type PngChunk } from './png.ts';

const json = (value: unknown) => Buffer.from(JSON.stringify(value));
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');
const dataOf = (card: string) => (JSON.parse(card) as { data: Record<string, unknown> }).data;

let image: Buffer;
beforeAll(async () => {
  image = await sharp({ create: { width: 6, height: 9, channels: 3, background: '#335577' } })
    .png()
    .toBuffer();
});

function pngWith(...extra: PngChunk[]): Buffer {
  const chunks = readChunks(image);
  return writePng([...chunks.slice(0, -1), ...extra, chunks[chunks.length - 1]]);
}
const tEXt = (keyword: string, text: string): PngChunk => ({ type: 'tEXt', data: Buffer.from(`${keyword}\0${text}`, 'latin1') });

describe('a SillyTavern V2 card with a lorebook', () => {
  it('maps the fields, ignores the stale V1 mirror and keeps everything else', () => {
    const { agent, sourceSpec, warnings, avatar } = importCard(json(sillyTavernV2));
    expect(sourceSpec).toBe('v2');
    expect(warnings).toEqual([]);
    expect(avatar).toBeNull();
    const { data } = sillyTavernV2;
    expect(agent).toMatchObject({
      nickname: 'Captain Vale',
      roleSetting: data.description,
      roleIntro: data.creator_notes,
      opening: data.first_mes,
      tags: ['adventure', 'steampunk'],
      gender: 'Unknown',
      skills: [],
      voices: [],
      avatarKind: null,
    });
    expect(agent.extra.data).toEqual({
      personality: data.personality,
      scenario: data.scenario,
      mes_example: data.mes_example,
      post_history_instructions: data.post_history_instructions,
      alternate_greetings: data.alternate_greetings,
      character_book: data.character_book,
      creator: data.creator,
      character_version: data.character_version,
      extensions: data.extensions,
    });
    expect(Object.keys(agent.extra.topLevel)).toEqual(['creatorcomment', 'avatar', 'chat', 'talkativeness', 'fav', 'tags', 'create_date']);
  });

  it('exports the lorebook, greetings and other extensions back unchanged, next to Starlit’s', () => {
    const { agent } = importCard(json(sillyTavernV2));
    const v2 = dataOf(exportCardJson({ ...agent, gender: 'Female' }, 'v2'));
    expect(v2.character_book).toEqual(sillyTavernV2.data.character_book);
    expect(v2.alternate_greetings).toEqual(sillyTavernV2.data.alternate_greetings);
    expect(v2.mes_example).toBe(sillyTavernV2.data.mes_example);
    expect(v2.extensions).toEqual({
      ...sillyTavernV2.data.extensions,
      starlit: { version: 1, gender: 'Female', skills: [], voices: [], avatarKind: null },
    });
    expect(v2).not.toHaveProperty('group_only_greetings');
    expect(v2).not.toHaveProperty('assets');
  });

  it('from a PNG carrying only chara', () => {
    const card = importCard(pngWith(tEXt('chara', b64(sillyTavernV2))));
    expect(card.sourceSpec).toBe('v2');
    expect(card.agent).toEqual(importCard(json(sillyTavernV2)).agent);
    expect(card.avatar).toEqual(image);
  });

  it('hands back texts over Starlit’s limits whole', () => {
    const long = { ...sillyTavernV2, data: { ...sillyTavernV2.data, description: 'x'.repeat(5000), tags: ['a', 'b', 'c', 'd', 'e', 'f', 'g'] } };
    const { agent } = importCard(json(long));
    expect(agent.roleSetting).toHaveLength(5000);
    expect(agent.tags).toHaveLength(7);
  });
});

describe('a lorebook written without the extensions the specs require', () => {
  // V2 spec, CharacterBook and its entries: the keys a reader may rely on
  const V2_BOOK_KEYS = ['extensions', 'entries'];
  const V2_ENTRY_KEYS = ['keys', 'content', 'extensions', 'enabled', 'insertion_order'];
  // V3 spec, Lorebook: the same, and use_regex on every entry
  const V3_ENTRY_KEYS = [...V2_ENTRY_KEYS, 'use_regex'];
  const lenient = {
    spec: 'chara_card_v2',
    spec_version: '2.0',
    data: {
      name: 'Archivist',
      character_book: {
        name: 'Stacks',
        entries: [
          { keys: ['archive'], content: 'Dust and ledgers.', enabled: true, insertion_order: 5, comment: 'kept as it is' },
          { keys: ['vault'], content: 'Locked.', extensions: { depth: 2 }, enabled: false, insertion_order: 1 },
        ],
      },
    },
  };
  type Book = { entries: Array<Record<string, unknown>> } & Record<string, unknown>;
  const bookOf = (text: string) => dataOf(text).character_book as Book;

  it('a V2 export writes character_book.extensions and every entry’s, keeping what was there', () => {
    const { agent } = importCard(json(lenient));
    const book = bookOf(exportCardJson(agent, 'v2'));
    for (const key of V2_BOOK_KEYS) expect(book).toHaveProperty(key);
    for (const entry of book.entries) for (const key of V2_ENTRY_KEYS) expect(entry).toHaveProperty(key);
    expect(book.extensions).toEqual({});
    expect(book.entries[0]).toMatchObject({ extensions: {}, insertion_order: 5, comment: 'kept as it is' });
    expect(book.entries[1]).toMatchObject({ extensions: { depth: 2 }, enabled: false });
    expect(book.name).toBe('Stacks');
  });

  it('a V3 export (JSON and inside the PNG) writes them too, with use_regex', async () => {
    const { agent } = importCard(json(lenient));
    const v3 = bookOf(exportCardJson(agent, 'v3'));
    expect(v3.extensions).toEqual({});
    for (const entry of v3.entries) for (const key of V3_ENTRY_KEYS) expect(entry).toHaveProperty(key);
    const chunks = readChunks(await exportCardPng(agent, image));
    const textOf = (keyword: string) =>
      chunks
        .map((c) => c.data.toString('latin1'))
        .find((d) => d.startsWith(`${keyword}\0`))!
        .slice(keyword.length + 1);
    const v2InPng = bookOf(Buffer.from(textOf('chara'), 'base64').toString('utf8'));
    expect(v2InPng.extensions).toEqual({});
    for (const entry of v2InPng.entries) for (const key of V2_ENTRY_KEYS) expect(entry).toHaveProperty(key);
  });
});

describe('a RisuAI V3 card in a CHARX', () => {
  const icon = () => image;
  const charx = () =>
    Buffer.from(
      zipSync({
        'card.json': strToU8(JSON.stringify(risuV3)),
        'assets/icon/images/main.png': new Uint8Array(icon()),
        'assets/emotion/images/happy.png': new Uint8Array(icon()),
        'module.risum': new Uint8Array([1, 2, 3]),
      }),
    );

  it('takes the main icon as the avatar, keeps V3 fields, web assets and embedded assets with their files', () => {
    const { agent, avatar, sourceSpec, warnings, assetFiles, assetsLeftOut } = importCard(charx());
    expect(sourceSpec).toBe('v3');
    expect(avatar).toEqual(image);
    expect(warnings).toEqual([]);
    expect(assetsLeftOut).toEqual([]);
    expect(assetFiles).toEqual([{ path: 'assets/emotion/images/happy.png', bytes: image }]);
    expect(agent).toMatchObject({ nickname: 'Lumen', roleIntro: risuV3.data.creator_notes, tags: ['fantasy', 'spirit', 'wholesome'] });
    expect(agent.extra.data).toMatchObject({
      group_only_greetings: risuV3.data.group_only_greetings,
      nickname: 'Lu',
      creator_notes_multilingual: risuV3.data.creator_notes_multilingual,
      source: risuV3.data.source,
      creation_date: 1714560000,
      character_book: risuV3.data.character_book,
      assets: [risuV3.data.assets[1], risuV3.data.assets[2]],
      extensions: risuV3.data.extensions,
    });
    // empty V2 fields are not kept: every export writes them anyway
    expect(agent.extra.data).not.toHaveProperty('personality');
  });

  it('exports a CHARX whose card points at the icon and the kept asset files inside it', async () => {
    const { agent, avatar, assetFiles } = importCard(charx());
    const again = importCard(await exportCardCharx(agent, avatar, assetFiles));
    expect(again.agent).toEqual(agent);
    expect(again.avatar).toEqual(avatar);
    expect(again.assetFiles).toEqual(assetFiles);
    // JSON and PNG carry no files: the embedded asset is left out of them, not written as a dangling link
    const v3 = dataOf(exportCardJson(agent));
    expect(v3.assets).toEqual([{ type: 'icon', uri: 'ccdefault:', name: 'main', ext: 'png' }, risuV3.data.assets[1]]);
    expect(v3.nickname).toBe('Lu');
    const withoutFiles = importCard(await exportCardCharx(agent, avatar));
    expect(withoutFiles.agent.extra.data.assets).toEqual([risuV3.data.assets[1]]);
  });

  it('names the embedded assets it cannot keep: a file missing from the archive, an unsafe path, a JSON or PNG card', () => {
    const assets = [
      ...risuV3.data.assets,
      { type: 'emotion', uri: 'embeded://assets/emotion/images/sad.png', name: 'sad', ext: 'png' },
      { type: 'background', uri: 'embeded://../../outside.png', name: 'escape', ext: 'png' },
    ];
    const card = { ...risuV3, data: { ...risuV3.data, assets } };
    const zip = Buffer.from(
      zipSync({
        'card.json': strToU8(JSON.stringify(card)),
        'assets/icon/images/main.png': new Uint8Array(image),
        'assets/emotion/images/happy.png': new Uint8Array(image),
        '../../outside.png': new Uint8Array(image),
      }),
    );
    const fromZip = importCard(zip);
    expect(fromZip.assetsLeftOut).toEqual(['emotion/sad', 'background/escape']);
    expect(fromZip.warnings).toEqual(['Assets whose files are not in the card could not be imported: emotion/sad, background/escape.']);
    expect(fromZip.assetFiles.map((f) => f.path)).toEqual(['assets/emotion/images/happy.png']);
    expect(importCard(json(card)).assetsLeftOut).toEqual(['emotion/happy', 'emotion/sad', 'background/escape']);
    const risuPng = { ...risuV3, data: { ...risuV3.data, assets: [{ type: 'emotion', uri: '__asset:0', name: 'wink', ext: 'png' }] } };
    expect(importCard(pngWith(tEXt('ccv3', b64(risuPng)))).assetsLeftOut).toEqual(['emotion/wink']);
  });

  it('says so when the icon the card names is not in the archive', () => {
    const card = importCard(Buffer.from(zipSync({ 'card.json': strToU8(JSON.stringify(risuV3)) })));
    expect(card.avatar).toBeNull();
    expect(card.warnings).toContain("The card's icon assets/icon/images/main.png is missing from the archive.");
  });
});

describe('a V1 card', () => {
  it('reads the flat fields, takes the intro from personality and keeps the rest', () => {
    const { agent, sourceSpec, warnings } = importCard(json(tavernV1));
    expect(sourceSpec).toBe('v1');
    expect(warnings).toEqual(["The role intro was taken from the V1 card's personality."]);
    expect(agent).toMatchObject({
      nickname: 'Old Tom',
      roleSetting: tavernV1.description,
      roleIntro: tavernV1.personality,
      opening: tavernV1.first_mes,
      tags: [],
    });
    expect(agent.extra).toEqual({
      topLevel: { metadata: tavernV1.metadata },
      data: { personality: tavernV1.personality, scenario: tavernV1.scenario, mes_example: tavernV1.mes_example },
    });
  });

  it('comes out as a V2 card with its scenario and examples in data', () => {
    const v2 = JSON.parse(exportCardJson(importCard(json(tavernV1)).agent, 'v2')) as Record<string, unknown>;
    expect(v2).toMatchObject({ spec: 'chara_card_v2', spec_version: '2.0', metadata: tavernV1.metadata });
    expect(v2.data).toMatchObject({ name: 'Old Tom', scenario: tavernV1.scenario, mes_example: tavernV1.mes_example });
    expect(v2).not.toHaveProperty('scenario');
  });
});

describe('old files', () => {
  it('a TavernAI PNG whose chara is V1 JSON', () => {
    const card = importCard(pngWith(tEXt('chara', b64(tavernV1))));
    expect(card.sourceSpec).toBe('v1');
    expect(card.agent.nickname).toBe('Old Tom');
  });

  it('JSON saved with a byte order mark, or with its base64 wrapped in a PNG', () => {
    expect(importCard(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), json(tavernV1)])).agent.nickname).toBe('Old Tom');
    const wrapped = b64(sillyTavernV2).replace(/.{76}/g, '$&\r\n');
    expect(importCard(pngWith(tEXt('chara', wrapped))).agent.nickname).toBe('Captain Vale');
  });
});

describe('a PNG with both chunks', () => {
  const v2 = { spec: 'chara_card_v2', spec_version: '2.0', data: { name: 'Old name', first_mes: 'Old hello' } };
  const v3 = { spec: 'chara_card_v3', spec_version: '3.0', data: { name: 'New name', first_mes: 'New hello', group_only_greetings: [] } };

  it('reads ccv3 whatever the order of the chunks', () => {
    for (const png of [pngWith(tEXt('chara', b64(v2)), tEXt('ccv3', b64(v3))), pngWith(tEXt('ccv3', b64(v3)), tEXt('chara', b64(v2)))]) {
      const card = importCard(png);
      expect(card.sourceSpec).toBe('v3');
      expect(card.agent).toMatchObject({ nickname: 'New name', opening: 'New hello' });
    }
  });

  it('reads a ccv3 iTXt chunk, compressed or not', async () => {
    const { deflateSync } = await import('node:zlib');
    const text = Buffer.from(b64(v3), 'latin1');
    for (const [flag, body] of [
      [0, text],
      [1, deflateSync(text)],
    ] as const) {
      const itxt: PngChunk = { type: 'iTXt', data: Buffer.concat([Buffer.from('ccv3\0', 'latin1'), Buffer.from([flag, 0]), Buffer.from('en\0\0'), body]) };
      expect(importCard(pngWith(tEXt('chara', b64(v2)), itxt)).agent.nickname).toBe('New name');
    }
  });

  it('exporting over it replaces both chunks instead of adding more', async () => {
    const old = pngWith(tEXt('chara', b64(v2)), tEXt('ccv3', b64(v3)), tEXt('Comment', 'kept'));
    const { agent } = importCard(old);
    const png = await exportCardPng({ ...agent, nickname: 'Renamed' }, old);
    const keywords = readChunks(png)
      .filter((chunk) => chunk.type === 'tEXt')
      .map((chunk) => chunk.data.toString('latin1', 0, chunk.data.indexOf(0)));
    expect(keywords.sort()).toEqual(['Comment', 'ccv3', 'chara']);
    const again = importCard(png);
    expect(again.agent.nickname).toBe('Renamed');
    expect(again.avatar).toEqual(pngWith(tEXt('Comment', 'kept')));
  });
});

describe('exporting', () => {
  it('writes a PNG other readers accept, with both cards as text', async () => {
    const { agent } = importCard(json(sillyTavernV2));
    const png = await exportCardPng(agent, null);
    const meta = await sharp(png).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 400, 600]);
    expect(await sharp(png).raw().toBuffer()).toHaveLength(400 * 600 * 3);
    // CRCs checked with a table implementation independent of node:zlib, which wrote them
    const table = Array.from({ length: 256 }, (_, n) => {
      for (let k = 0; k < 8; k++) n = n & 1 ? 0xedb88320 ^ (n >>> 1) : n >>> 1;
      return n >>> 0;
    });
    const crc = (bytes: Buffer) => (bytes.reduce((c, byte) => table[(c ^ byte) & 0xff] ^ (c >>> 8), 0xffffffff) ^ 0xffffffff) >>> 0;
    const texts: Record<string, string> = {};
    for (let at = 8; at < png.length; at += 12 + png.readUInt32BE(at)) {
      const length = png.readUInt32BE(at);
      expect(crc(png.subarray(at + 4, at + 8 + length))).toBe(png.readUInt32BE(at + 8 + length));
      const [keyword, text] = png.toString('latin1', at + 8, at + 8 + length).split('\0');
      if (png.toString('latin1', at + 4, at + 8) === 'tEXt') texts[keyword] = text;
    }
    expect(JSON.parse(Buffer.from(texts.chara, 'base64').toString('utf8'))).toMatchObject({ spec: 'chara_card_v2', spec_version: '2.0' });
    expect(JSON.parse(Buffer.from(texts.ccv3, 'base64').toString('utf8'))).toMatchObject({ spec: 'chara_card_v3', spec_version: '3.0' });
  });

  it('converts a JPEG avatar, and refuses one that is not an image', async () => {
    const jpeg = await sharp(image).jpeg().toBuffer();
    const { agent } = importCard(json(tavernV1));
    const card = importCard(await exportCardPng(agent, jpeg));
    expect((await sharp(card.avatar!).metadata()).format).toBe('png');
    await expect(exportCardPng(agent, Buffer.from('not an image'))).rejects.toMatchObject({ code: 'bad_image' });
  });

  it('keeps "__proto__" keys as data, without touching any prototype', () => {
    const text = `{"spec":"chara_card_v2","__proto__":{"polluted":1},"data":{"name":"P","__proto__":{"polluted":2},"extensions":{"__proto__":{"polluted":3}}}}`;
    const { agent } = importCard(Buffer.from(text));
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(agent.extra.topLevel)).toBe(Object.prototype);
    const out = exportCardJson(agent, 'v2');
    expect(out.match(/"__proto__"/g)).toHaveLength(3);
    expect(importCard(Buffer.from(out)).agent).toEqual(agent);
  });
});
