import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type CallInput, type CallOutput, calls } from '@starlit/contract';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../../test/factories.ts';
import { type SignedIn, startTestServer, type TestServer } from '../../test/server.ts';
import { agents, appMeta, gifts, storeItems, users, voices, works } from '../db/schema/index.ts';
import { seedDemo } from './seed.ts';

type Item = CallOutput<typeof calls.home.feed>['items'][number];
type Tab = CallInput<typeof calls.home.feed>['tab'];

let t: TestServer;
let dataDir: string;
let firstSeed: { seeded: boolean; ms: number };

const db = () => t.starlit.database.db;
const feed = (body: CallInput<typeof calls.home.feed>, as?: SignedIn) => t.call(calls.home.feed, body, { as });

async function rowCounts() {
  const tables = { users, voices, gifts, storeItems, agents, works };
  const out: Record<string, number> = {};
  for (const [name, table] of Object.entries(tables)) out[name] = (await db().select({ n: count() }).from(table))[0].n;
  return out;
}

/** Every item of a tab, page by page. */
async function walk(tab: Tab, limit: number): Promise<Item[]> {
  const items: Item[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < 50; page++) {
    const res = await feed({ tab, limit, ...(cursor ? { cursor } : {}) });
    expect(res.body.code).toBe(0);
    expect(res.body.data.items.length).toBeLessThanOrEqual(limit);
    items.push(...res.body.data.items);
    if (!res.body.data.nextCursor) return items;
    cursor = res.body.data.nextCursor;
  }
  throw new Error('the feed never ended');
}

const at = (item: Item) => (item.type === 'agent' ? item.createdAt : item.publishedAt);

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'starlit-seed-'));
  t = await startTestServer({ DATA_DIR: dataDir });
  firstSeed = await seedDemo(t.starlit);
});

afterAll(async () => {
  await t?.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe('demo seed', () => {
  it('seeds the catalogue, the official account and its content', async () => {
    expect(firstSeed.seeded).toBe(true);
    console.info(`demo seed took ${Math.round(firstSeed.ms)} ms on ${t.starlit.database.kind}`);
    expect(await rowCounts()).toEqual({ users: 1, voices: 6, gifts: 7, storeItems: 12, agents: 6, works: 14 });
    const [official] = await db().select().from(users);
    expect(official).toMatchObject({ userName: 'Starlit', isOfficial: true, passwordHash: null });
    const [lollipop] = await db().select().from(gifts).where(eq(gifts.key, 'lollipop'));
    expect(lollipop.priceKind).toBe('limited_free');
    expect(lollipop.freeUntil!.getTime() - Date.now()).toBeGreaterThan(6.9 * 86400_000);
  });

  it('gives music store items a composed preview and prices some items in points', async () => {
    const rows = await db().select().from(storeItems);
    for (const row of rows) {
      if (row.category === 'Music') expect(row.preview).toMatch(/^\/media\/seed\/store\/[a-z-]+\.wav$/);
      else expect(row.preview).toBeNull();
      expect(row.descriptionEn).not.toBe('');
      expect(row.descriptionZhTw).not.toBe('');
    }
    expect(rows.filter((r) => r.currency === 'MSS').length).toBeGreaterThan(0);
  });

  it('gives every official voice a spoken eSpeak sample (when espeak-ng is installed)', async () => {
    const rows = await db().select().from(voices);
    const installed = spawnSync('espeak-ng', ['--version']).status === 0;
    for (const row of rows) {
      if (!installed) expect(row.sample).toBeNull();
      else expect(row.sample).toMatch(/^\/media\/seed\/voices\/[a-z-]+\.wav$/);
    }
  });

  it('gives the demo agents a 2D avatar, an official voice and skills, as publishing asks', async () => {
    const list = await t.call(calls.agents.publicList, { limit: 20 });
    expect(list.body.data.items).toHaveLength(6);
    for (const { id } of list.body.data.items) {
      const agent = await t.ok(calls.agents.get, { id });
      expect(agent.avatar.kind).toBe('2d');
      expect(agent.voices).toHaveLength(1);
      expect(agent.skills.length).toBeGreaterThanOrEqual(1);
    }
  });

  it('does nothing on a second start', async () => {
    const before = await rowCounts();
    expect((await seedDemo(t.starlit)).seeded).toBe(false);
    expect(await rowCounts()).toEqual(before);
  });

  it('completes without duplicates when a start died before recording the version', async () => {
    const before = await rowCounts();
    await db().delete(works).where(eq(works.name, 'Spiral Galaxy'));
    await db().delete(appMeta);
    expect((await seedDemo(t.starlit)).seeded).toBe(true);
    expect(await rowCounts()).toEqual(before);
  });
});

describe('the home feed over the seeded content', () => {
  let hidden: string[];

  beforeAll(async () => {
    const u = await buildUser(t);
    const recent = new Date();
    const rows = await db()
      .insert(agents)
      .values([
        { ownerId: u.userId, nickname: 'private agent', isPublic: false, publishedAt: recent },
        { ownerId: u.userId, nickname: 'draft agent', isPublic: true, publishedAt: null },
      ])
      .returning({ id: agents.id });
    const workRows = await db()
      .insert(works)
      .values(
        (['image', 'audio', 'post'] as const).flatMap((kind) => [
          { authorId: u.userId, kind, name: `private ${kind}`, isPublic: false, publishedAt: recent },
          { authorId: u.userId, kind, name: `draft ${kind}`, isPublic: true, publishedAt: null },
        ]),
      )
      .returning({ id: works.id });
    hidden = [...rows, ...workRows].map((r) => r.id);
  });

  // Recommend shows works only, by rank: the seeded works have no engagement yet, so newest first
  const expected: Array<[Tab, number]> = [
    ['recommend', 14],
    ['agent', 6],
    ['image', 8],
    ['audio', 3],
    ['post', 3],
    ['video', 0],
  ];

  for (const [tab, total] of expected) {
    it(`walks every "${tab}" item once, newest first, in pages of 4`, async () => {
      const items = await walk(tab, 4);
      expect(items).toHaveLength(total);
      expect(new Set(items.map((i) => i.id)).size).toBe(total);
      const times = items.map(at);
      expect(times).toEqual([...times].sort().reverse());
      expect(items.some((i) => hidden.includes(i.id))).toBe(false);
      if (tab !== 'recommend' && tab !== 'agent') expect(items.every((i) => i.type === 'work' && i.kind === tab)).toBe(true);
      // one page holding everything gives the same order
      expect((await walk(tab, 100)).map((i) => i.id)).toEqual(items.map((i) => i.id));
    });
  }

  it('says which engine made each generated work', async () => {
    const items = (await walk('recommend', 100)).filter((i) => i.type === 'work');
    for (const item of items) {
      if (item.type !== 'work') continue;
      if (item.kind === 'image') expect(item.engine).toBe('Starlit procedural image engine (offline)');
      if (item.kind === 'audio') expect(item.engine).toBe('Starlit algorithmic composer (offline)');
      if (item.kind === 'post') expect(item.engine === null || item.cover !== null).toBe(true);
    }
  });

  it('asks anonymous visitors to log in for the following tab', async () => {
    expect((await feed({ tab: 'following', limit: 4 })).body.data).toEqual({ items: [], nextCursor: null, needsLogin: true });
    const u = await buildUser(t);
    expect((await feed({ tab: 'following', limit: 4 }, u)).body.data.needsLogin).toBe(false);
  });

  it('serves every media URL of the feed, with the right type', async () => {
    const items = [...(await walk('recommend', 100)), ...(await walk('agent', 100))];
    const urls = new Set<string>();
    for (const item of items) {
      const person = item.type === 'agent' ? item.owner : item.author;
      for (const url of [person.avatar, item.type === 'agent' ? item.avatar : item.cover, item.type === 'work' ? item.media : null]) {
        if (url) urls.add(url);
      }
    }
    expect(urls.size).toBeGreaterThan(20);
    for (const url of urls) {
      expect(url).toMatch(/^\/media\/seed\//);
      const res = await t.starlit.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toBe(url.endsWith('.wav') ? 'audio/wav' : 'image/webp');
    }
    const song = items.find((i) => i.type === 'work' && i.kind === 'audio');
    const wav = await t.starlit.app.inject({ method: 'GET', url: song?.type === 'work' ? song.media! : '' });
    expect(wav.rawPayload.subarray(0, 4).toString()).toBe('RIFF');
  });

  it('resizes feed images with image_process as the web app asks', async () => {
    const image = (await walk('image', 1)).find((i) => i.type === 'work');
    const url = image?.type === 'work' ? image.cover! : '';
    const full = await sharp((await t.starlit.app.inject({ method: 'GET', url })).rawPayload).metadata();
    const small = await sharp((await t.starlit.app.inject({ method: 'GET', url: `${url}?image_process=resize,w_400` })).rawPayload).metadata();
    expect(full).toMatchObject({ width: 768, height: 1024, format: 'webp' });
    expect(small).toMatchObject({ width: 400, height: 533, format: 'webp' });
  });
});
