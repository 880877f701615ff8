import { calls, type CallInput, type CallOutput } from '@starlit/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAdmin, buildAgent, buildUser } from '../../../test/factories.ts';
import { insertBlock, insertFollow, insertWork } from '../../../test/feed-rows.ts';
import { startTestServer, type SignedIn, type TestServer } from '../../../test/server.ts';

const c = calls.home;
type Page = CallOutput<typeof c.feed>;

let t: TestServer;
let author: SignedIn;
let viewer: SignedIn;
let admin: SignedIn;
beforeAll(async () => {
  t = await startTestServer();
  author = await buildUser(t);
  viewer = await buildUser(t);
  admin = await buildAdmin(t);
});
afterAll(async () => {
  await t?.close();
});

const ids = (page: Page) => page.items.map((i) => i.id);
const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);

/** Every page of a tab, following cursors. */
async function allPages(tab: CallInput<typeof c.feed>['tab'], as: SignedIn | null, limit = 2, between?: () => Promise<void>) {
  const seen: string[] = [];
  let cursor: string | undefined;
  for (let i = 0; i < 100; i++) {
    const page = await t.ok(c.feed, { tab, limit, cursor }, { as });
    seen.push(...ids(page));
    if (!page.nextCursor) return seen;
    cursor = page.nextCursor;
    await between?.();
  }
  throw new Error('too many pages');
}

describe('Recommend', () => {
  it('ranks engagement against recency: 12 hours of age cost a factor e of weighted likes, comments and collects', async () => {
    const me = await buildUser(t);
    const fresh = await insertWork(t, me, { name: 'fresh', publishedAt: hoursAgo(1) });
    // ln(1 + 100 + 2·20 + 3·10) ≈ 5.14 > 24 h / 12 h = 2: a day-old hit beats a new work without engagement
    const hit = await insertWork(t, me, { name: 'hit', publishedAt: hoursAgo(25), likeCount: 100, commentCount: 20, collectCount: 10 });
    // a week-old hit loses: 14 half-days outweigh the same engagement
    const old = await insertWork(t, me, { name: 'old', publishedAt: hoursAgo(24 * 7), likeCount: 100, commentCount: 20, collectCount: 10 });
    const page = ids(await t.ok(c.feed, { tab: 'recommend', limit: 100 }));
    const order = page.filter((id) => [fresh, hit, old].includes(id));
    expect(order).toEqual([hit, fresh, old]);
  });

  it('works for visitors, signed-in users and admins, and shows only works', async () => {
    await buildAgent(t, { owner: author });
    for (const as of [null, viewer, admin]) {
      const page = await t.ok(c.feed, { tab: 'recommend', limit: 50 }, { as });
      expect(page.items.length).toBeGreaterThan(0);
      expect(page.items.every((i) => i.type === 'work')).toBe(true);
      expect(page.needsLogin).toBe(false);
    }
  });

  it('pages by rank without duplicates or gaps while new works arrive', async () => {
    const me = await buildUser(t);
    for (let i = 0; i < 7; i++) await insertWork(t, me, { name: `page ${i}`, publishedAt: hoursAgo(30 + i) });
    const before = await allPages('recommend', viewer, 3);
    const during = await allPages('recommend', viewer, 3, async () => {
      await insertWork(t, me, { name: 'newcomer' });
    });
    expect(new Set(during).size).toBe(during.length);
    // the newcomers rank above where the pages had reached: the first walk's works, in order, all appear
    expect(during.filter((id) => before.includes(id))).toEqual(before);
  });

  it('refuses a damaged cursor and a time cursor of another tab', async () => {
    expect((await t.call(c.feed, { tab: 'recommend', cursor: 'nonsense' })).body.code).toBe(1001);
    const me = await buildUser(t);
    await insertWork(t, me);
    await insertWork(t, me);
    const image = await t.ok(c.feed, { tab: 'image', limit: 1 });
    expect(image.nextCursor).not.toBeNull();
    expect((await t.call(c.feed, { tab: 'recommend', cursor: image.nextCursor ?? '' })).body.code).toBe(1001);
  });
});

describe('every tab', () => {
  it('shows public published works that moderation did not hide, of the tab kind', async () => {
    const me = await buildUser(t);
    const shown = await insertWork(t, me, { kind: 'video', name: 'shown' });
    const privateWork = await insertWork(t, me, { kind: 'video', isPublic: false });
    const draft = await insertWork(t, me, { kind: 'video', publishedAt: null });
    const hidden = await insertWork(t, me, { kind: 'video', hiddenAt: new Date(), hiddenReason: 'spam' });
    const image = await insertWork(t, me, { kind: 'image' });
    for (const tab of ['recommend', 'video'] as const) {
      const seen = ids(await t.ok(c.feed, { tab, limit: 100 }, { as: me }));
      expect(seen).toContain(shown);
      for (const id of [privateWork, draft, hidden]) expect(seen, `${tab} shows ${id}`).not.toContain(id);
    }
    const video = await t.ok(c.feed, { tab: 'video', limit: 100 });
    expect(video.items.every((i) => i.type === 'work' && i.kind === 'video')).toBe(true);
    expect(ids(video)).not.toContain(image);
    const post = await insertWork(t, me, { kind: 'post', name: 'a post' });
    const audio = await insertWork(t, me, { kind: 'audio', name: 'a song' });
    expect(ids(await t.ok(c.feed, { tab: 'post', limit: 100 }))).toContain(post);
    expect(ids(await t.ok(c.feed, { tab: 'audio', limit: 100 }))).toContain(audio);
  });

  it('pages newest first without duplicates or gaps while new works arrive', async () => {
    const me = await buildUser(t);
    for (let i = 0; i < 5; i++) await insertWork(t, me, { kind: 'post', publishedAt: hoursAgo(100 + i) });
    const before = await allPages('post', null, 2);
    const during = await allPages('post', null, 2, async () => {
      await insertWork(t, me, { kind: 'post' });
    });
    expect(during).toEqual(before);
  });

  it('never shows works or agents of people blocked either way', async () => {
    const blocker = await buildUser(t);
    const blocked = await buildUser(t);
    const byBlocked = await insertWork(t, blocked, { kind: 'audio', name: 'blocked' });
    const byBlocker = await insertWork(t, blocker, { kind: 'audio', name: 'blocker' });
    const agent = await buildAgent(t, { owner: blocked });
    await insertBlock(t, blocker, blocked);
    await insertFollow(t, blocker, { userId: blocked.userId });
    for (const tab of ['recommend', 'audio', 'following', 'agent'] as const) {
      expect(ids(await t.ok(c.feed, { tab, limit: 100 }, { as: blocker })), tab).not.toContain(byBlocked);
      expect(ids(await t.ok(c.feed, { tab, limit: 100 }, { as: blocked })), tab).not.toContain(byBlocker);
    }
    expect(ids(await t.ok(c.feed, { tab: 'agent', limit: 100 }, { as: blocker }))).not.toContain(agent.id);
    expect(ids(await t.ok(c.feed, { tab: 'agent', limit: 100 }, { as: viewer }))).toContain(agent.id);
    expect(ids(await t.ok(c.feed, { tab: 'audio', limit: 100 }))).toContain(byBlocked);
  });
});

describe('My Following', () => {
  it('shows works of followed users and works made with followed agents, newest first, paged', async () => {
    const follower = await buildUser(t);
    const friend = await buildUser(t);
    const stranger = await buildUser(t);
    const agent = await buildAgent(t, { owner: stranger });
    const mine = [
      await insertWork(t, friend, { publishedAt: hoursAgo(3) }),
      await insertWork(t, stranger, { publishedAt: hoursAgo(2), agentId: agent.id }),
      // both followed: shown once
      await insertWork(t, friend, { publishedAt: hoursAgo(1), agentId: agent.id, kind: 'post' }),
    ];
    await insertWork(t, stranger, { name: 'not followed' });
    await insertWork(t, friend, { isPublic: false });
    await insertWork(t, friend, { hiddenAt: new Date() });
    expect(ids(await t.ok(c.feed, { tab: 'following' }, { as: follower }))).toEqual([]);
    await insertFollow(t, follower, { userId: friend.userId });
    await insertFollow(t, follower, { agentId: agent.id });
    expect(await allPages('following', follower, 2)).toEqual([...mine].reverse());
    expect(ids(await t.ok(c.feed, { tab: 'following', limit: 100 }, { as: admin }))).toEqual([]);
  });

  it('asks visitors to sign in with an empty page', async () => {
    expect(await t.ok(c.feed, { tab: 'following' })).toEqual({ items: [], nextCursor: null, needsLogin: true });
  });
});

describe('community center tabs', () => {
  it('gives each tab its works: all by rank, creations without posts, dance by category, activities as posts, following signed in', async () => {
    const me = await buildUser(t);
    const fan = await buildUser(t);
    const picture = await insertWork(t, me, { name: 'community picture', kind: 'image', category: 'Image' });
    const dance = await insertWork(t, me, { name: 'community dance', kind: 'video', category: 'Dance' });
    const post = await insertWork(t, me, { name: 'community post', kind: 'post', category: 'Living' });
    const draft = await insertWork(t, me, { name: 'community draft', kind: 'video', category: 'Dance', publishedAt: null });
    const hidden = await insertWork(t, me, { name: 'community hidden', kind: 'image', category: 'Dance', hiddenAt: new Date() });
    await insertFollow(t, fan, { userId: me.userId });
    const tab = async (name: CallInput<typeof c.community>['tab'], as: SignedIn | null = fan) => ids(await t.ok(c.community, { tab: name, limit: 100 }, { as }));

    const all = await tab('all');
    expect(all).toEqual(expect.arrayContaining([picture, dance, post]));
    const creations = await tab('works');
    expect(creations).toEqual(expect.arrayContaining([picture, dance]));
    expect(creations).not.toContain(post);
    expect(await tab('dance')).toContain(dance);
    expect(await tab('dance')).not.toContain(picture);
    const activities = await tab('activities');
    expect(activities).toContain(post);
    expect(activities).not.toContain(picture);
    expect((await tab('following')).sort()).toEqual([picture, dance, post].sort());
    for (const name of ['all', 'works', 'dance', 'activities', 'following'] as const) {
      const shown = await tab(name);
      expect(shown, name).not.toContain(draft);
      expect(shown, name).not.toContain(hidden);
    }
    const visitor = await t.ok(c.community, { tab: 'following', limit: 10 });
    expect(visitor).toMatchObject({ items: [], needsLogin: true });
  });

  it('pages the dance tab newest first without repeats, and hides a blocked author', async () => {
    const me = await buildUser(t);
    const other = await buildUser(t);
    const made: string[] = [];
    for (let i = 0; i < 5; i++) made.push(await insertWork(t, me, { name: `dance ${i}`, kind: 'video', category: 'Dance', publishedAt: hoursAgo(i + 1) }));
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page: Page = await t.ok(c.community, { tab: 'dance', limit: 2, cursor }, { as: other });
      seen.push(...ids(page));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    const mine = seen.filter((id) => made.includes(id));
    expect(mine).toEqual(made);
    expect(new Set(seen).size).toBe(seen.length);
    await insertBlock(t, me, other);
    const after = ids(await t.ok(c.community, { tab: 'dance', limit: 100 }, { as: other }));
    expect(after.filter((id) => made.includes(id))).toEqual([]);
  });

  it('refuses a tab it does not know', async () => {
    const answer = await t.call(c.community.path, { tab: 'everything', limit: 10 });
    expect(answer.body.code).toBe(1001);
  });
});
