import { calls, type CallOutput } from '@starlit/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAdmin, buildAgent, buildUser } from '../../../test/factories.ts';
import { insertBlock, insertWork } from '../../../test/feed-rows.ts';
import { startTestServer, type SignedIn, type TestServer } from '../../../test/server.ts';

const c = calls.search;
type Page = CallOutput<typeof c.search>;

let t: TestServer;
let author: SignedIn;
let viewer: SignedIn;
let admin: SignedIn;
beforeAll(async () => {
  t = await startTestServer();
  author = await buildUser(t, 'Stargazer_Ana');
  viewer = await buildUser(t);
  admin = await buildAdmin(t);
});
afterAll(async () => {
  await t?.close();
});

const ids = (page: Page) => page.items.map((i) => ('userId' in i && !('id' in i) ? i.userId : (i as { id: string }).id));
const find = async (q: string, type: 'works' | 'agents' | 'users', as: SignedIn | null = null) => ids(await t.ok(c.search, { q, type, limit: 100 }, { as }));

describe('works', () => {
  it('finds an English word by its prefix, in the name, tags and description, for everyone', async () => {
    const byName = await insertWork(t, author, { name: 'Moonlight sonata' });
    const byTag = await insertWork(t, author, { name: 'Untitled', tags: ['nebula'] });
    const byDescription = await insertWork(t, author, { name: 'Quiet', description: 'A lighthouse in the fog' });
    for (const as of [null, viewer, author, admin]) {
      expect(await find('moonl', 'works', as)).toContain(byName);
      expect(await find('NEBULA', 'works', as)).toContain(byTag);
      expect(await find('lighthouse', 'works', as)).toContain(byDescription);
    }
    expect(await find('sonata moon', 'works')).toEqual([byName]);
    expect(await find('moonlight xylophone', 'works')).toEqual([]);
  });

  it('finds a two-character Chinese word inside a longer sentence, in names and tags', async () => {
    const work = await insertWork(t, author, { name: '夢幻的星空之旅' });
    const tagged = await insertWork(t, author, { name: 'Untitled', tags: ['銀河鐵道'] });
    expect(await find('星空', 'works')).toContain(work);
    expect(await find('夢幻 旅', 'works')).toContain(work);
    expect(await find('鐵道', 'works')).toContain(tagged);
    expect(await find('空星', 'works')).not.toContain(work);
  });

  it('ranks closer matches (shorter texts) first, then newer, and pages without repeats', async () => {
    const me = await buildUser(t);
    const strong = await insertWork(t, me, { name: 'Comet', publishedAt: new Date(Date.now() - 86_400_000) });
    const made: string[] = [];
    for (let i = 0; i < 5; i++) made.push(await insertWork(t, me, { name: `comet ${i}`, description: 'a long tail across the evening sky' }));
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await t.ok(c.search, { q: 'comet', type: 'works', limit: 2, cursor });
      seen.push(...ids(page));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(seen[0]).toBe(strong);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.sort()).toEqual([strong, ...made].sort());
  });

  it('never finds private, unpublished or hidden works, nor works of people blocked either way', async () => {
    const blocker = await buildUser(t);
    const blocked = await buildUser(t);
    const hidden = [
      await insertWork(t, author, { name: 'Zephyr private', isPublic: false }),
      await insertWork(t, author, { name: 'Zephyr draft', publishedAt: null }),
      await insertWork(t, author, { name: 'Zephyr hidden', hiddenAt: new Date() }),
    ];
    const shown = await insertWork(t, author, { name: 'Zephyr shown' });
    const byBlocked = await insertWork(t, blocked, { name: 'Zephyr blocked' });
    const byBlocker = await insertWork(t, blocker, { name: 'Zephyr blocker' });
    await insertBlock(t, blocker, blocked);
    expect((await find('zephyr', 'works', author)).sort()).toEqual([shown, byBlocked, byBlocker].sort());
    expect(await find('zephyr', 'works', blocker)).not.toContain(byBlocked);
    expect(await find('zephyr', 'works', blocked)).not.toContain(byBlocker);
    for (const id of hidden) expect(await find('zephyr', 'works', admin)).not.toContain(id);
  });
});

describe('agents', () => {
  it('finds public published agents by name, tags and intro; never private, deleted or blocked owners', async () => {
    const owner = await buildUser(t);
    const found = await buildAgent(t, { owner, nickname: 'Orion', tags: ['獵戶座'], roleIntro: 'A hunter among the stars' });
    const privateAgent = await buildAgent(t, { owner, nickname: 'Orion private', isPublic: false });
    const deleted = await buildAgent(t, { owner, nickname: 'Orion gone', deletedAt: new Date() });
    const draft = await buildAgent(t, { owner, nickname: 'Orion draft', publishedAt: null });
    for (const q of ['orion', '獵戶', 'hunter']) expect(await find(q, 'agents', viewer), q).toEqual([found.id]);
    expect(await find('orion', 'agents', owner)).toEqual([found.id]);
    expect([privateAgent.id, deleted.id, draft.id].some((id) => id === found.id)).toBe(false);
    const blocker = await buildUser(t);
    await insertBlock(t, blocker, owner);
    expect(await find('orion', 'agents', blocker)).toEqual([]);
  });
});

describe('users', () => {
  it('finds users by a prefix of their name, never people blocked either way', async () => {
    const ana = author;
    expect(await find('stargazer', 'users')).toContain(ana.userId);
    expect(await find('stargazer_a', 'users', viewer)).toContain(ana.userId);
    const blocker = await buildUser(t);
    await insertBlock(t, blocker, ana);
    expect(await find('stargazer', 'users', blocker)).not.toContain(ana.userId);
    expect(await find('stargazer', 'users', ana)).not.toContain(blocker.userId);
    const page = await t.ok(c.search, { q: 'stargazer', type: 'users' });
    expect(page.type).toBe('users');
    expect(page.items.find((u) => 'userId' in u && u.userId === ana.userId)).toEqual({ userId: ana.userId, userName: 'Stargazer_Ana', avatar: null });
  });
});

describe('bad input', () => {
  it('refuses empty, blank, too long and unknown types; trims and drops control characters', async () => {
    for (const body of [
      { q: '', type: 'works' },
      { q: '   ', type: 'works' },
      { q: 'x'.repeat(51), type: 'works' },
      { q: 'star', type: 'planets' },
      { type: 'works' },
      { q: 'star', type: 'works', cursor: 'garbage' },
    ]) {
      expect((await t.call(c.search.path, body)).body.code, JSON.stringify(body)).toBe(1001);
    }
    expect((await t.call(c.search, { q: ` ${'x'.repeat(50)} `, type: 'works' })).body.code).toBe(0);
    const work = await insertWork(t, author, { name: 'Vortex' });
    expect(await find('\u0007vortex\u0000', 'works')).toContain(work);
    expect(await find('!!!', 'works')).toEqual([]);
  });
});
