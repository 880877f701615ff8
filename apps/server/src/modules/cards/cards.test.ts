import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { calls, type CallOutput } from '@starlit/contract';
import { sql } from 'drizzle-orm';
import { strToU8, zipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAgent, buildUser, buildVoice } from '../../../test/factories.ts';
import { startTestServer, type SignedIn, type TestServer } from '../../../test/server.ts';
import { ORPHAN_GRACE_MS } from '../../platform/storage-sweep.ts';
import { cardAssetKey } from './cards.service.ts';
import { importCard } from './format/index.ts';
import { risuV3, sillyTavernV2, tavernV1 } from './format/fixtures.ts';
import { readChunks, writePng } from './format/png.ts';
import { openZip } from './format/zip.ts';

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');

let t: TestServer;
let owner: SignedIn;
let other: SignedIn;
let dataDir: string;
let image: Buffer;
beforeAll(async () => {
  // a media folder of its own: imports store pictures and assets, and the tests read them back
  dataDir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'starlit-cards-'));
  t = await startTestServer({ DATA_DIR: dataDir });
  [owner, other] = [await buildUser(t), await buildUser(t)];
  image = await sharp({ create: { width: 6, height: 9, channels: 3, background: '#335577' } })
    .png()
    .toBuffer();
});
afterAll(async () => {
  await t?.close();
  if (dataDir) await fs.promises.rm(dataDir, { recursive: true, force: true });
});

/** A PNG whose tEXt chunk `chara` holds `card`, as SillyTavern writes one. */
function pngCard(card: unknown): Buffer {
  const chunks = readChunks(image);
  const chara = { type: 'tEXt', data: Buffer.from(`chara\0${b64(card)}`, 'latin1') };
  return writePng([...chunks.slice(0, -1), chara, chunks[chunks.length - 1]]);
}

const importBytes = (bytes: Buffer) => t.call(calls.cards.import, { base64: bytes.toString('base64') }, { as: owner });
const agentOf = (id: string) => t.ok(calls.agents.get, { id }, { as: owner });
const myAgentCount = async () => (await t.ok(calls.agents.mine, { limit: 50 }, { as: owner })).items.length;
const fieldsOf = (a: CallOutput<typeof calls.agents.get>) => ({
  nickname: a.nickname,
  gender: a.gender,
  roleSetting: a.roleSetting,
  roleIntro: a.roleIntro,
  opening: a.opening,
  tags: a.tags,
  skills: a.skills.map((s) => s.key),
  voices: a.voices.map((v) => [v.voiceId, v.pitch, v.volume, v.speed]),
});

describe('access', () => {
  it('needs a login for both calls: 401 for anonymous', async () => {
    const { id } = await buildAgent(t, { owner });
    expect((await t.call(calls.cards.export, { agentId: id, format: 'png' })).status).toBe(401);
    expect((await t.call(calls.cards.import, { base64: b64(sillyTavernV2) })).status).toBe(401);
  });

  it('lets only the owner export: 403 for another user, even for a public published agent', async () => {
    const { id } = await buildAgent(t, { owner });
    expect((await t.ok(calls.agents.get, { id }, { as: other })).status).toBe('published');
    const res = await t.call(calls.cards.export, { agentId: id, format: 'json' }, { as: other });
    expect(res.status).toBe(403);
  });

  it('answers "Agent not found" for an unknown agent', async () => {
    const res = await t.call(calls.cards.export, { agentId: '00000000-0000-4000-8000-000000000000', format: 'png' }, { as: owner });
    expect(res.body).toMatchObject({ code: 6001 });
  });
});

describe('export then import', () => {
  it.each(['png', 'json', 'json_v2', 'charx'] as const)('gives back the same agent as %s', async (format) => {
    const { id } = await buildAgent(t, { owner, nickname: 'Nova', gender: 'Female', tags: ['space', 'calm'] });
    const voice = await buildVoice(t);
    await t.ok(calls.agents.setVoices, { id, voices: [{ voiceId: voice.id, pitch: 2, volume: 1, speed: 1.25 }] }, { as: owner });
    await t.ok(calls.agents.setSkills, { id, skills: ['TextToImage'] }, { as: owner });
    const exported = await t.call(calls.cards.export, { agentId: id, format }, { as: owner });
    expect(exported.body.code).toBe(0);
    expect(exported.body.data.fileName).toBe(`Nova.${format === 'json_v2' ? 'json' : format}`);
    const back = await t.call(calls.cards.import, { base64: exported.body.data.base64, fileName: exported.body.data.fileName }, { as: owner });
    expect(back.body.code).toBe(0);
    expect(back.body.data.problems).toEqual([]);
    const copy = await agentOf(back.body.data.agentId);
    expect(fieldsOf(copy)).toEqual(fieldsOf(await agentOf(id)));
    expect(copy).toMatchObject({ isPublic: false, status: 'draft' });
  });

  it('puts the card picture on the draft and exports it again as the PNG image', async () => {
    const res = await importBytes(pngCard(sillyTavernV2));
    const agent = await agentOf(res.body.data.agentId);
    expect(agent.avatar).toMatchObject({ kind: '2d' });
    expect(agent.avatar.image).toMatch(/^\/media\/avatars\/.+\.webp$/);
    const exported = await t.call(calls.cards.export, { agentId: res.body.data.agentId, format: 'png' }, { as: owner });
    const card = importCard(Buffer.from(exported.body.data.base64, 'base64'));
    expect(await sharp(card.avatar ?? Buffer.alloc(0)).metadata()).toMatchObject({ width: 6, height: 9 });
  });
});

describe('real-world-shaped cards', () => {
  it('imports a SillyTavern V2 PNG with its lorebook kept for the next export', async () => {
    const res = await importBytes(pngCard(sillyTavernV2));
    expect(res.body.data).toMatchObject({ sourceSpec: 'v2', problems: [] });
    const agent = await agentOf(res.body.data.agentId);
    expect(agent).toMatchObject({ nickname: 'Captain Vale', roleSetting: sillyTavernV2.data.description, opening: sillyTavernV2.data.first_mes, tags: ['adventure', 'steampunk'] });
    const exported = await t.call(calls.cards.export, { agentId: res.body.data.agentId, format: 'json_v2' }, { as: owner });
    const data = (JSON.parse(Buffer.from(exported.body.data.base64, 'base64').toString()) as { data: Record<string, unknown> }).data;
    expect(data.character_book).toEqual(sillyTavernV2.data.character_book);
    expect(data.alternate_greetings).toEqual(sillyTavernV2.data.alternate_greetings);
  });

  it('imports a RisuAI V3 CHARX with its icon as the avatar and V3-only fields kept', async () => {
    const charx = Buffer.from(zipSync({ 'card.json': strToU8(JSON.stringify(risuV3)), 'assets/icon/images/main.png': new Uint8Array(image) }));
    const res = await importBytes(charx);
    // the card names an emotion sprite the archive does not hold: the user is told
    expect(res.body.data).toMatchObject({ sourceSpec: 'v3', problems: [{ field: 'assets', messageKey: 'card.assetsNotKept' }] });
    const agent = await agentOf(res.body.data.agentId);
    expect(agent).toMatchObject({ nickname: 'Lumen', roleIntro: risuV3.data.creator_notes, tags: risuV3.data.tags, avatar: { kind: '2d' } });
    const exported = await t.call(calls.cards.export, { agentId: res.body.data.agentId, format: 'json' }, { as: owner });
    const data = (JSON.parse(Buffer.from(exported.body.data.base64, 'base64').toString()) as { data: Record<string, unknown> }).data;
    expect(data).toMatchObject({ nickname: 'Lu', group_only_greetings: risuV3.data.group_only_greetings, source: risuV3.data.source });
  });

  it('imports a V1 JSON card, taking the role intro from its personality', async () => {
    const res = await importBytes(Buffer.from(JSON.stringify(tavernV1)));
    expect(res.body.data).toMatchObject({ sourceSpec: 'v1', problems: [] });
    expect(await agentOf(res.body.data.agentId)).toMatchObject({ nickname: 'Old Tom', roleIntro: tavernV1.personality, opening: tavernV1.first_mes, avatar: { image: null } });
  });
});

describe('embedded assets of a CHARX', () => {
  const python = () => fs.readFileSync(path.join(import.meta.dirname, 'format', 'fixtures', 'zip64-python.charx'));
  const status = async (url: string) => (await t.starlit.app.inject({ method: 'GET', url })).statusCode;

  it('keeps the emotion sprite of a CHARX made by Python’s zipfile through the orphan sweep, writes it back on export, and deletes it with the agent', async () => {
    const res = await importBytes(python());
    expect(res.body.data).toMatchObject({ sourceSpec: 'v3', problems: [] });
    const { agentId } = res.body.data;
    const sprite = openZip(python()).read('assets/emotion/images/happy.png')!;
    const url = `/media/${cardAssetKey(agentId, 'assets/emotion/images/happy.png')}`;
    expect(await status(url)).toBe(200);
    // the sweep keeps the asset of a live agent however old its file is
    const file = path.join(dataDir, 'media', url.slice('/media/'.length));
    const old = new Date(Date.now() - ORPHAN_GRACE_MS - 60_000);
    fs.utimesSync(file, old, old);
    await t.starlit.services.media.sweep();
    expect(await status(url)).toBe(200);

    const exported = await t.call(calls.cards.export, { agentId, format: 'charx' }, { as: owner });
    const zip = openZip(Buffer.from(exported.body.data.base64, 'base64'));
    expect(zip.read('assets/emotion/images/happy.png')?.equals(sprite)).toBe(true);
    const card = JSON.parse(zip.read('card.json')!.toString()) as { data: { assets: Array<{ uri: string }> } };
    expect(card.data.assets.map((a) => a.uri)).toEqual(['embeded://assets/icon/images/main.png', 'embeded://assets/emotion/images/happy.png']);
    // a JSON file carries no files, so the sprite is not written there as a dangling link
    const json = await t.call(calls.cards.export, { agentId, format: 'json' }, { as: owner });
    expect(Buffer.from(json.body.data.base64, 'base64').toString()).not.toContain('embeded://');

    await t.call(calls.agents.delete, { ids: [agentId] }, { as: owner });
    expect(await status(url)).toBe(404);
    // and takes an old file left in a deleted agent's card folder
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, sprite);
    fs.utimesSync(file, old, old);
    expect(await status(url)).toBe(200);
    await t.starlit.services.media.sweep();
    expect(await status(url)).toBe(404);
  });

  it('imports a PNG card of about 6 MB of base64 text (under the 10 MB limit) instead of answering 500', async () => {
    const examples = 'x'.repeat(4_500_000);
    const res = await importBytes(pngCard({ spec: 'chara_card_v2', spec_version: '2.0', data: { name: 'Big', mes_example: examples } }));
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(0);
    expect((await agentOf(res.body.data.agentId)).nickname).toBe('Big');
  });

  it('tells the user when an embedded asset cannot be kept (a JSON card with embeded:// links)', async () => {
    const res = await importBytes(Buffer.from(JSON.stringify(risuV3)));
    expect(res.body.data.problems).toEqual([{ field: 'assets', messageKey: 'card.assetsNotKept' }]);
  });
});

describe('malformed input creates nothing', () => {
  const pngBytes = () => pngCard(sillyTavernV2);
  it.each([
    ['a PNG with a flipped byte', () => Buffer.from(pngBytes().map((b, i) => (i === 40 ? b ^ 0xff : b))), 6303, 'The PNG file of the card is damaged'],
    ['a PNG cut short', () => pngBytes().subarray(0, 60), 6303, 'The PNG file of the card is damaged'],
    ['a plain PNG without card data', () => image, 6302, 'This file is not a character card (PNG with card data, JSON or CHARX)'],
    ['broken JSON', () => Buffer.from('{"spec": "chara_card_v2", "data": {'), 6306, 'The card data is not valid JSON'],
    ['JSON of another spec', () => Buffer.from(JSON.stringify({ spec: 'chara_card_v9', data: {} })), 6307, 'This card version is not supported (V1, V2 and V3 are)'],
    [
      'a V2 card without a name',
      () => Buffer.from(JSON.stringify({ spec: 'chara_card_v2', spec_version: '2.0', data: { description: 'x' } })),
      6308,
      'The card is missing its name or has fields of the wrong type',
    ],
  ])('%s', async (_, bytes, code, text) => {
    const before = await myAgentCount();
    const res = await importBytes(bytes());
    expect(res.body).toMatchObject({ code, message: text, data: null });
    expect(await myAgentCount()).toBe(before);
  });

  it('refuses text that is not base64, in zh_TW too', async () => {
    const res = await t.call(calls.cards.import, { base64: 'not*base64!' }, { as: owner, lang: 'zh_TW' });
    expect(res.body).toMatchObject({ code: 6310, message: '無法讀取上傳的檔案（不是 base64）' });
    const png = await t.call(calls.cards.import, { base64: image.toString('base64') }, { as: owner, lang: 'zh_TW' });
    expect(png.body).toMatchObject({ code: 6302, message: '此檔案不是角色卡（需為含角色資料的 PNG、JSON 或 CHARX）' });
  });
});

describe('an import failing after the draft is written', () => {
  const rowsOf = async (owner: string) => {
    const { rows } = await t.starlit.database.db.execute<{ agents: number; extras: number }>(
      sql`select (select count(*)::int from agents where owner_id = ${owner}) as agents,
                 (select count(*)::int from agent_card_extras e join agents a on a.id = e.agent_id where a.owner_id = ${owner}) as extras`,
    );
    return rows[0];
  };

  it('leaves nothing behind: no draft, no card extras', async () => {
    const db = t.starlit.database.db;
    // the database refuses the tags step, which comes after the agent row and its card extras are written
    await db.execute(sql`create function test_refuse_tags() returns trigger language plpgsql as $$ begin raise exception 'refused by the test'; end $$`);
    await db.execute(sql`create trigger test_refuse_tags before update of tags on agents for each row when (new.nickname = 'Captain Vale') execute function test_refuse_tags()`);
    try {
      const [before, listed] = [await rowsOf(owner.userId), await myAgentCount()];
      const res = await importBytes(Buffer.from(JSON.stringify(sillyTavernV2)));
      expect(res.body.code).toBe(500);
      expect(await myAgentCount()).toBe(listed);
      expect(await rowsOf(owner.userId)).toEqual(before);
    } finally {
      await db.execute(sql`drop trigger test_refuse_tags on agents`);
      await db.execute(sql`drop function test_refuse_tags`);
    }
    expect((await importBytes(Buffer.from(JSON.stringify(sillyTavernV2)))).body.code).toBe(0);
  });

  // cards the database cannot store as they are: whether the import refuses them or cleans
  // them, it makes one whole draft or nothing, never a draft without its card
  const withExtensions = (extensions: unknown) => JSON.stringify({ ...sillyTavernV2, data: { ...sillyTavernV2.data, extensions } });
  it.each([
    ['a NUL character in a kept extension', withExtensions({ note: 'notes\u0000more' })],
    ['an extensions object 5,000 levels deep', withExtensions({ deep: '@' }).replace('"@"', `${'{"a":'.repeat(5000)}{}${'}'.repeat(5000)}`)],
  ])('%s: a whole draft or nothing', async (_, text) => {
    const before = await rowsOf(owner.userId);
    const res = await importBytes(Buffer.from(text));
    const after = await rowsOf(owner.userId);
    if (res.body.code === 0) expect(after).toEqual({ agents: before.agents + 1, extras: before.extras + 1 });
    else expect(after).toEqual(before);
  });
});

describe('a card over the limits of SPEC §5', () => {
  it('becomes a private draft with every value kept whole and the problems named', async () => {
    const long = {
      ...sillyTavernV2,
      data: { ...sillyTavernV2.data, name: 'A name far longer than twenty', description: 'd'.repeat(1500), first_mes: 'o'.repeat(600), tags: ['a', 'b', 'c', 'd', 'e', 'f'] },
    };
    const res = await importBytes(Buffer.from(JSON.stringify(long)));
    expect(res.body.code).toBe(0);
    expect(res.body.data.problems).toEqual([
      { field: 'nickname', messageKey: 'agent.nameTooLong' },
      { field: 'roleSetting', messageKey: 'agent.roleSettingTooLong' },
      { field: 'opening', messageKey: 'agent.openingTooLong' },
      { field: 'tags', messageKey: 'agent.tagsMax' },
    ]);
    const agent = await agentOf(res.body.data.agentId);
    expect(agent).toMatchObject({ isPublic: false, status: 'draft', nickname: long.data.name, roleSetting: long.data.description, opening: long.data.first_mes, tags: long.data.tags });
    // the draft cannot be published until the owner fixes what breaks the rules
    const published = await t.call(calls.agents.publish, { id: res.body.data.agentId }, { as: owner });
    expect(published.body.code).not.toBe(0);
    expect(published.body.message).toContain('Role setting must be at most 1000 characters');
  });

  it('names voices that are not on this server instead of failing', async () => {
    const foreign = {
      ...sillyTavernV2,
      data: {
        ...sillyTavernV2.data,
        extensions: { starlit: { version: 1, gender: 'Female', skills: ['AIDance'], voices: [{ voiceId: 'elsewhere-1', pitch: 0, volume: 1, speed: 1 }], avatarKind: '2d' } },
      },
    };
    const res = await importBytes(Buffer.from(JSON.stringify(foreign)));
    expect(res.body.data.problems).toEqual([{ field: 'voices', messageKey: 'card.voicesNotHere' }]);
    expect(await agentOf(res.body.data.agentId)).toMatchObject({ gender: 'Female', skills: [{ key: 'AIDance' }], voices: [] });
  });
});

describe('the card texts in the editor (agent/card/fields, set_fields)', () => {
  it('shows what the card brought, edits it for the owner only, and exports the edit with the rest kept', async () => {
    const imported = await importBytes(pngCard(sillyTavernV2));
    const agentId = imported.body.data.agentId;
    const shown = await t.call(calls.cards.fields, { agentId }, { as: owner });
    expect(shown.body.data).toEqual({
      personality: 'Gruff, loyal, superstitious.',
      scenario: 'The airship Meridian, mid-storm.',
      alternateGreetings: ['*Vale lowers her spyglass.* Another stowaway?', 'Welcome aboard the Meridian.'],
      lorebook: [
        { index: 0, keys: ['Meridian', 'airship'], content: 'The Meridian is a three-masted airship with a cracked aether core.', enabled: true },
        { index: 1, keys: ['Harrow'], content: 'Harrow is the first mate, who owes Vale his life.', enabled: false },
      ],
    });

    // anonymous 401, someone else 403, and neither changes anything
    expect((await t.call(calls.cards.fields, { agentId })).status).toBe(401);
    const edit = {
      agentId,
      personality: 'Gruff but kind.',
      scenario: '',
      alternateGreetings: ['Welcome aboard.'],
      lorebook: [
        { index: 1, keys: ['Harrow', 'mate'], content: 'Harrow is the first mate.', enabled: true },
        { index: null, keys: ['Aether'], content: 'The aether core hums.', enabled: true },
      ],
    };
    const refused = { fields: await t.call(calls.cards.fields, { agentId }, { as: other }), set_fields: await t.call(calls.cards.setFields, edit, { as: other }) };
    for (const [action, res] of Object.entries(refused)) expect([res.status, res.body.code], action).toEqual([403, 403]);
    expect((await t.call(calls.cards.fields, { agentId: crypto.randomUUID() }, { as: owner })).body.code).toBe(6001);

    const saved = await t.call(calls.cards.setFields, edit, { as: owner });
    expect(saved.body.data).toEqual({
      personality: 'Gruff but kind.',
      scenario: '',
      alternateGreetings: ['Welcome aboard.'],
      lorebook: [
        { ...edit.lorebook[0], index: 0 },
        { ...edit.lorebook[1], index: 1 },
      ],
    });
    const exported = await t.call(calls.cards.export, { agentId, format: 'json_v2' }, { as: owner });
    const card = JSON.parse(Buffer.from(exported.body.data.base64, 'base64').toString()) as {
      data: Record<string, unknown> & { character_book: { name: string; extensions: object; entries: Array<Record<string, unknown>> } };
    };
    expect(card.data).toMatchObject({ personality: 'Gruff but kind.', scenario: '', alternate_greetings: ['Welcome aboard.'], creator: 'skywright' });
    expect(card.data.character_book.name).toBe('Meridian lore');
    // a kept entry keeps what the editor does not show; a new one has what the spec requires
    expect(card.data.character_book.entries[0]).toMatchObject({
      keys: ['Harrow', 'mate'],
      content: 'Harrow is the first mate.',
      enabled: true,
      insertion_order: 50,
      extensions: { position: 1, weight: 5 },
    });
    expect(card.data.character_book.entries[1]).toMatchObject({ keys: ['Aether'], content: 'The aether core hums.', enabled: true, extensions: {}, insertion_order: 1 });
  });

  it('refuses texts over the limits with a localized message and changes nothing; an agent from no card has none', async () => {
    const agentId = (await importBytes(pngCard(sillyTavernV2))).body.data.agentId;
    const base = { agentId, personality: 'p', scenario: '', alternateGreetings: [], lorebook: [] };
    const tooLong = await t.call(calls.cards.setFields, { ...base, scenario: 's'.repeat(20_001) }, { as: owner });
    expect(tooLong.body).toMatchObject({ code: 1001, message: expect.stringContaining('A character card text must be at most 20000 characters') });
    const zh = await t.call(calls.cards.setFields, { ...base, lorebook: [{ index: null, keys: [' '], content: 'c', enabled: true }] }, { as: owner, lang: 'zh_TW' });
    expect(zh.body.message).toContain('世界書關鍵字需為 1 到 200 個字元');
    const after = await t.call(calls.cards.fields, { agentId }, { as: owner });
    expect(after.body.data?.personality).toBe('Gruff, loyal, superstitious.');

    const plain = await buildAgent(t, { owner, nickname: 'Plain' });
    expect((await t.call(calls.cards.fields, { agentId: plain.id }, { as: owner })).body.data).toBeNull();
  });
});
