import { calls, SOCIAL_LIMITS, type Language } from '@starlit/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentFollows, followCounts, followingFeed, userFollows, works } from '../../db/schema/index.ts';
import { openEvents } from '../../../test/events.ts';
import { buildAdmin, buildAgent, buildDraftAgent, buildUser } from '../../../test/factories.ts';
import { insertWork } from '../../../test/feed-rows.ts';
import { startTestServer, type SignedIn, type TestServer } from '../../../test/server.ts';

const c = calls.social;

let t: TestServer;
let admin: SignedIn;
beforeAll(async () => {
  t = await startTestServer();
  admin = await buildAdmin(t);
});
afterAll(async () => {
  await t?.close();
});

/** Fresh people for each test, so rate budgets and counts start from nothing. */
const people = (n: number) => Promise.all(Array.from({ length: n }, () => buildUser(t)));
const follows = async (interact: SignedIn, lang?: Language) => (await t.ok(calls.notices.interactList, { limit: 50 }, { as: interact, lang })).items.filter((n) => n.kind === 'follow');

/** The stored counter of a subject next to the rows it counts. */
async function countsAndRows(subjectId: string) {
  const db = t.starlit.database.db;
  const [counter] = await db.select().from(followCounts).where(eq(followCounts.subjectId, subjectId));
  const [followers] = await db.select({ n: sql<number>`count(*)::int` }).from(userFollows).where(eq(userFollows.followeeId, subjectId));
  const [following] = await db.select({ n: sql<number>`count(*)::int` }).from(userFollows).where(eq(userFollows.followerId, subjectId));
  const [agentFollowers] = await db.select({ n: sql<number>`count(*)::int` }).from(agentFollows).where(eq(agentFollows.agentId, subjectId));
  return { counter: { followers: counter?.followers ?? 0, following: counter?.following ?? 0 }, rows: { followers: followers.n + agentFollowers.n, following: following.n } };
}

describe('follow a user', () => {
  it('needs a signed-in caller for every write', async () => {
    const [a] = await people(1);
    for (const call of [c.follow, c.unfollow, c.block, c.unblock]) {
      const res = await t.call(call, { userId: a.userId });
      expect(res.status).toBe(401);
    }
    expect((await t.call(c.blacklist, {})).status).toBe(401);
  });

  it('follows, toggles back, and counts once however often it is repeated', async () => {
    const [a, b] = await people(2);
    const first = await t.ok(c.follow, { userId: b.userId }, { as: a });
    expect(first).toEqual({ userId: b.userId, following: true, followedBy: false, blocked: false, followerCount: 1, followingCount: 0 });
    await t.ok(c.follow, { userId: b.userId }, { as: a });
    expect(await t.ok(c.relation, { userId: a.userId }, { as: b })).toMatchObject({ following: false, followedBy: true, followerCount: 0, followingCount: 1 });
    expect(await t.ok(c.relation, { userId: b.userId })).toMatchObject({ following: false, followerCount: 1 });
    const undone = await t.ok(c.unfollow, { userId: b.userId }, { as: a });
    expect(undone).toMatchObject({ following: false, followerCount: 0 });
    await t.ok(c.unfollow, { userId: b.userId }, { as: a });
    expect((await countsAndRows(b.userId)).counter).toEqual({ followers: 0, following: 0 });
    expect((await countsAndRows(a.userId)).counter).toEqual({ followers: 0, following: 0 });
  });

  it('refuses following yourself, and a user who does not exist', async () => {
    const [a] = await people(1);
    expect((await t.call(c.follow, { userId: a.userId }, { as: a })).body).toMatchObject({ code: 4302, message: 'You cannot do this to yourself' });
    expect((await t.call(c.block, { userId: a.userId }, { as: a })).body.code).toBe(4302);
    expect((await t.call(c.follow, { userId: '00000000-0000-4000-8000-000000000000' }, { as: a })).body.code).toBe(2006);
    expect((await t.call(c.relation, { userId: '00000000-0000-4000-8000-000000000000' })).body.code).toBe(2006);
  });

  it('lets an admin follow like anyone else, with no extra power', async () => {
    const [a] = await people(1);
    expect(await t.ok(c.follow, { userId: a.userId }, { as: admin })).toMatchObject({ following: true });
    await t.ok(c.unfollow, { userId: a.userId }, { as: admin });
  });

  it('tells the followed person once, in the bell, until they have read it, in the reader’s language', async () => {
    const [a, b] = await people(2);
    await t.ok(c.follow, { userId: b.userId }, { as: a, lang: 'zh_TW' });
    await t.ok(c.unfollow, { userId: b.userId }, { as: a });
    await t.ok(c.follow, { userId: b.userId }, { as: a });
    const notices = await follows(b, 'en_US');
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ title: `${a.userName} followed you`, content: `${a.userName} started following you`, actor: { userId: a.userId }, read: false });
    expect((await follows(b, 'zh_TW'))[0]).toMatchObject({ title: `${a.userName} 追蹤了你`, content: `${a.userName} 開始追蹤你了` });
    expect(Number((await t.ok(calls.notices.unreadCount, {}, { as: b })).interact)).toBe(1);
    // opening it reads it, in the language it is opened in
    expect(await t.ok(calls.notices.interactDetail, { id: notices[0].id }, { as: b, lang: 'zh_TW' })).toMatchObject({ title: `${a.userName} 追蹤了你`, read: true });
    await t.ok(c.unfollow, { userId: b.userId }, { as: a });
    await t.ok(c.follow, { userId: b.userId }, { as: a });
    expect(await follows(b)).toHaveLength(2);
  });

  it('rings the bell live on a follow, and stays silent on a block', async () => {
    const [blocker, fan, star] = await people(3);
    const address = await t.starlit.app.listen({ port: 0, host: '127.0.0.1' });
    const controller = new AbortController();
    const events = openEvents(await fetch(`${address}/ai/realtime`, { headers: { token: star.token }, signal: controller.signal }));
    await events.opened();
    await t.ok(c.block, { userId: star.userId }, { as: blocker });
    await t.ok(c.follow, { userId: star.userId }, { as: fan });
    expect(JSON.parse((await events.next('notice')).data)).toMatchObject({ box: 'interact' });
    expect(events.seen().filter((e) => e.event === 'notice')).toHaveLength(1);
    controller.abort();
  });

  it('keeps counters equal to rows under 30 concurrent follows and unfollows', async () => {
    const [target, ...fans] = await people(11);
    const calls30 = Array.from({ length: 30 }, (_, i) => {
      const fan = fans[i % fans.length];
      return t.call(i % 3 === 2 ? c.unfollow : c.follow, { userId: target.userId }, { as: fan });
    });
    const answers = await Promise.all(calls30);
    expect(answers.map((a) => a.body.code).filter((code) => code !== 0)).toEqual([]);
    const { counter, rows } = await countsAndRows(target.userId);
    expect(counter).toEqual(rows);
    for (const fan of fans) {
      const mine = await countsAndRows(fan.userId);
      expect(mine.counter).toEqual(mine.rows);
    }
  });

  it('keeps counters right when two people follow each other at the same moment', async () => {
    const [a, b] = await people(2);
    await Promise.all([t.call(c.follow, { userId: b.userId }, { as: a }), t.call(c.follow, { userId: a.userId }, { as: b })]);
    expect(await countsAndRows(a.userId)).toEqual({ counter: { followers: 1, following: 1 }, rows: { followers: 1, following: 1 } });
  });

  it(`refuses the ${SOCIAL_LIMITS.followsPerMinute + 1}th follow in a minute with a message`, async () => {
    const [a, b] = await people(2);
    for (let i = 0; i < SOCIAL_LIMITS.followsPerMinute; i++) await t.ok(i % 2 ? c.unfollow : c.follow, { userId: b.userId }, { as: a });
    const res = await t.call(c.follow, { userId: b.userId }, { as: a });
    expect(res.status).toBe(429);
    expect(res.body).toMatchObject({ code: 4303, message: 'You are following or blocking too fast: wait a moment and try again' });
  });
});

describe('followers and followings', () => {
  it('lists people newest first with cursors, and whether the caller follows each', async () => {
    const [star, x, y, z, viewer] = await people(5);
    for (const fan of [x, y, z]) await t.ok(c.follow, { userId: star.userId }, { as: fan });
    await t.ok(c.follow, { userId: y.userId }, { as: viewer });
    const first = await t.ok(c.followers, { userId: star.userId, limit: 2 }, { as: viewer });
    expect(first.items.map((p) => p.userName)).toEqual([z.userName, y.userName]);
    expect(first.items.map((p) => p.followedByMe)).toEqual([false, true]);
    expect(first.nextCursor).not.toBeNull();
    const second = await t.ok(c.followers, { userId: star.userId, limit: 2, cursor: first.nextCursor ?? undefined }, { as: viewer });
    expect(second).toMatchObject({ items: [{ userId: x.userId, followedByMe: false }], nextCursor: null });
    const anonymous = await t.ok(c.followers, { userId: star.userId });
    expect(anonymous.items.every((p) => !p.followedByMe)).toBe(true);
    expect((await t.ok(c.followings, { userId: y.userId }, { as: admin })).items.map((p) => p.userId)).toEqual([star.userId]);
  });

  it('leaves out people the viewer blocked or is blocked by', async () => {
    const [star, fan, viewer] = await people(3);
    await t.ok(c.follow, { userId: star.userId }, { as: fan });
    await t.ok(c.block, { userId: viewer.userId }, { as: fan });
    expect((await t.ok(c.followers, { userId: star.userId }, { as: viewer })).items).toEqual([]);
    expect((await t.ok(c.followers, { userId: star.userId })).items).toHaveLength(1);
  });
});

describe('block', () => {
  it('removes follows both ways with their counts, and tells the blocked person nothing', async () => {
    const [a, b] = await people(2);
    await t.ok(c.follow, { userId: b.userId }, { as: a });
    await t.ok(c.follow, { userId: a.userId }, { as: b });
    const before = await t.ok(calls.notices.unreadCount, {}, { as: b });
    const blocked = await t.ok(c.block, { userId: b.userId }, { as: a });
    expect(blocked).toEqual({ userId: b.userId, following: false, followedBy: false, blocked: true, followerCount: 0, followingCount: 0 });
    expect(await countsAndRows(a.userId)).toEqual({ counter: { followers: 0, following: 0 }, rows: { followers: 0, following: 0 } });
    expect(await countsAndRows(b.userId)).toEqual({ counter: { followers: 0, following: 0 }, rows: { followers: 0, following: 0 } });
    expect(await t.ok(calls.notices.unreadCount, {}, { as: b })).toEqual(before);
    await t.ok(c.block, { userId: b.userId }, { as: a });
    expect((await t.ok(c.blacklist, {}, { as: a })).items.map((p) => p.userId)).toEqual([b.userId]);
  });

  it("removes follows of each other's agents too, with their counts", async () => {
    const [a, b] = await people(2);
    const aAgent = await buildAgent(t, { owner: a });
    const bAgent = await buildAgent(t, { owner: b });
    await t.ok(c.followAgent, { agentId: bAgent.id }, { as: a });
    await t.ok(c.followAgent, { agentId: aAgent.id }, { as: b });
    await t.ok(c.block, { userId: a.userId }, { as: b });
    for (const [agent, viewer] of [
      [bAgent, a],
      [aAgent, b],
    ] as const) {
      expect(await t.ok(c.agentRelation, { agentId: agent.id }, { as: viewer })).toMatchObject({ following: false, followerCount: 0 });
      const rows = await t.starlit.database.db.select().from(agentFollows).where(eq(agentFollows.agentId, agent.id));
      expect(rows).toEqual([]);
    }
  });

  it('stops following both ways, and hides the blocker from the blocked person', async () => {
    const [a, b, c3] = await people(3);
    await t.ok(c.follow, { userId: c3.userId }, { as: a });
    await t.ok(c.block, { userId: b.userId }, { as: a });
    expect((await t.call(c.follow, { userId: a.userId }, { as: b })).body).toMatchObject({ code: 4301, message: 'You cannot interact with this user' });
    expect((await t.call(c.follow, { userId: b.userId }, { as: a })).body.code).toBe(4301);
    // the blocked person sees the blocker's header empty and not who blocked whom
    expect(await t.ok(c.relation, { userId: a.userId }, { as: b })).toEqual({ userId: a.userId, following: false, followedBy: false, blocked: false, followerCount: 0, followingCount: 0 });
    expect((await t.ok(c.followings, { userId: a.userId }, { as: b })).items).toEqual([]);
    expect((await t.ok(c.followings, { userId: a.userId }, { as: c3 })).items).toHaveLength(1);
    expect((await t.ok(c.blacklist, {}, { as: b })).items).toEqual([]);
  });

  it('never leaves a follow across a block when follows and the block race', async () => {
    const pairs = await Promise.all(Array.from({ length: 8 }, () => people(2)));
    await Promise.all(
      pairs.flatMap(([a, b]) => [t.call(c.follow, { userId: b.userId }, { as: a }), t.call(c.block, { userId: a.userId }, { as: b }), t.call(c.follow, { userId: a.userId }, { as: b })]),
    );
    const db = t.starlit.database.db;
    for (const [a, b] of pairs) {
      const rows = await db.select().from(userFollows).where(sql`${userFollows.followerId} in (${a.userId}, ${b.userId}) or ${userFollows.followeeId} in (${a.userId}, ${b.userId})`);
      expect(rows).toEqual([]);
      expect(await countsAndRows(a.userId)).toEqual({ counter: { followers: 0, following: 0 }, rows: { followers: 0, following: 0 } });
      expect(await countsAndRows(b.userId)).toEqual({ counter: { followers: 0, following: 0 }, rows: { followers: 0, following: 0 } });
    }
  });

  it('unblocks, after which both may follow again', async () => {
    const [a, b] = await people(2);
    await t.ok(c.block, { userId: b.userId }, { as: a });
    expect(await t.ok(c.unblock, { userId: b.userId }, { as: a })).toMatchObject({ blocked: false });
    await t.ok(c.unblock, { userId: b.userId }, { as: a });
    expect(await t.ok(c.follow, { userId: a.userId }, { as: b })).toMatchObject({ following: true, followerCount: 1 });
    expect((await t.ok(c.blacklist, {}, { as: a })).items).toEqual([]);
  });

  it('cannot be undone by the blocked person, whose unblock changes nothing', async () => {
    const [a, b] = await people(2);
    await t.ok(c.block, { userId: b.userId }, { as: a });
    await t.ok(c.unblock, { userId: a.userId }, { as: b });
    expect((await t.call(c.follow, { userId: a.userId }, { as: b })).body.code).toBe(4301);
  });

  it('pages the blacklist newest first', async () => {
    const [a, ...others] = await people(4);
    for (const o of others) await t.ok(c.block, { userId: o.userId }, { as: a });
    const first = await t.ok(c.blacklist, { limit: 2 }, { as: a });
    expect(first.items.map((p) => p.userId)).toEqual([others[2].userId, others[1].userId]);
    const second = await t.ok(c.blacklist, { limit: 2, cursor: first.nextCursor ?? undefined }, { as: a });
    expect(second).toMatchObject({ items: [{ userId: others[0].userId }], nextCursor: null });
  });
});

describe('follow an agent', () => {
  it('follows a public agent once, counts it, and unfollows', async () => {
    const [fan, owner] = await people(2);
    const agent = await buildAgent(t, { owner });
    expect(await t.ok(c.followAgent, { agentId: agent.id }, { as: fan })).toEqual({ agentId: agent.id, following: true, followerCount: 1 });
    await t.ok(c.followAgent, { agentId: agent.id }, { as: fan });
    expect(await t.ok(c.agentRelation, { agentId: agent.id })).toEqual({ agentId: agent.id, following: false, followerCount: 1 });
    expect(await t.ok(c.agentRelation, { agentId: agent.id }, { as: admin })).toMatchObject({ following: false });
    expect(await t.ok(c.unfollowAgent, { agentId: agent.id }, { as: fan })).toMatchObject({ following: false, followerCount: 0 });
    expect((await t.call(c.followAgent, { agentId: agent.id })).status).toBe(401);
  });

  it('refuses your own agent, a hidden one, and one whose owner blocked you', async () => {
    const [fan, owner] = await people(2);
    const mine = await buildAgent(t, { owner: fan });
    expect((await t.call(c.followAgent, { agentId: mine.id }, { as: fan })).body.code).toBe(4302);
    const hidden = await buildDraftAgent(t, owner, { isPublic: false });
    expect((await t.call(c.followAgent, { agentId: hidden.id }, { as: fan })).body.code).toBe(6001);
    expect((await t.call(c.agentRelation, { agentId: hidden.id }, { as: fan })).body.code).toBe(6001);
    const shared = await buildAgent(t, { owner });
    await t.ok(c.block, { userId: fan.userId }, { as: owner });
    expect((await t.call(c.followAgent, { agentId: shared.id }, { as: fan })).body.code).toBe(4301);
  });

  it('keeps the agent counter equal to rows under concurrent follows', async () => {
    const fans = await people(10);
    const agent = await buildAgent(t);
    await Promise.all(fans.flatMap((fan) => [t.call(c.followAgent, { agentId: agent.id }, { as: fan }), t.call(c.followAgent, { agentId: agent.id }, { as: fan })]));
    await Promise.all(fans.slice(0, 4).map((fan) => t.call(c.unfollowAgent, { agentId: agent.id }, { as: fan })));
    expect(await countsAndRows(agent.id)).toEqual({ counter: { followers: 6, following: 0 }, rows: { followers: 6, following: 0 } });
  });
});

describe('for other features', () => {
  it('answers counts and isFollowing', async () => {
    const [a, b] = await people(2);
    const agent = await buildAgent(t);
    await t.ok(c.follow, { userId: b.userId }, { as: a });
    await t.ok(c.followAgent, { agentId: agent.id }, { as: a });
    const social = t.starlit.services.social;
    const counts = await social.counts([a.userId, b.userId, agent.id]);
    expect(Object.fromEntries(counts)).toEqual({ [a.userId]: { followers: 0, following: 1 }, [b.userId]: { followers: 1, following: 0 }, [agent.id]: { followers: 1, following: 0 } });
    expect(await social.isFollowing(a.userId, b.userId)).toBe(true);
    expect(await social.isFollowing(null, b.userId)).toBe(false);
  });
});

describe('My Following written ahead (following_feed)', () => {
  /** What the feed must hold for these viewers, derived from follows and works as they are now. */
  const derived = (viewers: string[]) => sql`
    select f.follower_id as viewer, w.id as work, w.published_at as at from user_follows f join works w on w.author_id = f.followee_id
      where f.follower_id in ${viewers} and w.is_public and w.published_at is not null and w.hidden_at is null
    union
    select a.user_id, w.id, w.published_at from agent_follows a join works w on w.agent_id = a.agent_id
      where a.user_id in ${viewers} and w.is_public and w.published_at is not null and w.hidden_at is null`;
  const rowsOf = async (query: ReturnType<typeof sql>) =>
    (await t.starlit.database.db.execute<{ viewer: string; work: string; at: string }>(query)).rows.map((r) => `${r.viewer} ${r.work} ${new Date(r.at).toISOString()}`).sort();
  const expectInStep = async (viewers: SignedIn[]) => {
    const ids = viewers.map((v) => v.userId);
    const kept = await rowsOf(sql`select viewer_id as viewer, work_id as work, published_at as at from ${followingFeed} where viewer_id in ${ids}`);
    expect(kept).toEqual(await rowsOf(derived(ids)));
    return kept.length;
  };

  it('stays equal to follows × shown works through publishing, hiding, following, blocking and deleting', async () => {
    const [fan, other, author, agentOwner] = await people(4);
    const agent = await buildAgent(t, { owner: agentOwner });
    const db = t.starlit.database.db;
    const shown = await insertWork(t, author);
    await insertWork(t, author, { isPublic: false });
    const draft = await insertWork(t, author, { publishedAt: null });
    const withAgent = await insertWork(t, agentOwner, { agentId: agent.id });
    expect(await expectInStep([fan, other])).toBe(0);

    await t.ok(c.follow, { userId: author.userId }, { as: fan });
    await t.ok(c.followAgent, { agentId: agent.id }, { as: fan });
    await t.ok(c.followAgent, { agentId: agent.id }, { as: other });
    expect(await expectInStep([fan, other])).toBe(3);

    // publishing, republishing later, hiding and making private move the rows with the work
    await db.update(works).set({ publishedAt: new Date() }).where(eq(works.id, draft));
    expect(await expectInStep([fan, other])).toBe(4);
    await db
      .update(works)
      .set({ publishedAt: new Date(Date.now() + 60_000) })
      .where(eq(works.id, draft));
    await db.update(works).set({ hiddenAt: new Date() }).where(eq(works.id, shown));
    await db.update(works).set({ isPublic: false }).where(eq(works.id, withAgent));
    expect(await expectInStep([fan, other])).toBe(1);
    await db.update(works).set({ isPublic: true }).where(eq(works.id, withAgent));
    // the author's work made with the agent stays while either path still leads to it
    await db.update(works).set({ agentId: agent.id }).where(eq(works.id, draft));
    expect(await expectInStep([fan, other])).toBe(4);
    await t.ok(c.unfollow, { userId: author.userId }, { as: fan });
    expect(await expectInStep([fan, other])).toBe(4);
    await t.ok(c.unfollowAgent, { agentId: agent.id }, { as: fan });
    expect(await expectInStep([fan, other])).toBe(2);

    // a block removes the follows and with them the rows; a deleted work leaves no row
    await t.ok(c.follow, { userId: author.userId }, { as: fan });
    expect(await expectInStep([fan, other])).toBe(3);
    await t.ok(c.block, { userId: author.userId }, { as: fan });
    expect(await expectInStep([fan, other])).toBe(2);
    await t.ok(calls.works.delete, { id: draft }, { as: author });
    expect(await expectInStep([fan, other])).toBe(1);
  });

  it('misses no work when many follow and publish at once', async () => {
    const authors = await people(3);
    const fans = await people(6);
    await Promise.all([...fans.flatMap((fan) => authors.map((a) => t.call(c.follow, { userId: a.userId }, { as: fan }))), ...authors.flatMap((a) => [insertWork(t, a), insertWork(t, a)])]);
    expect(await expectInStep(fans)).toBe(fans.length * authors.length * 2);
  });
});
