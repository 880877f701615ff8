import { calls } from '@starlit/contract';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAdmin, buildUser, buildWork, type Work } from '../../../test/factories.ts';
import { startTestServer, type SignedIn, type TestServer } from '../../../test/server.ts';
import { interactNotices, userBlocks, workCollections, workLikes, works } from '../../db/schema/index.ts';

const c = calls.works;

let t: TestServer;
let author: SignedIn;
let other: SignedIn;
let admin: SignedIn;
beforeAll(async () => {
  t = await startTestServer();
  author = await buildUser(t);
  other = await buildUser(t);
  admin = await buildAdmin(t);
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.starlit.database.db;
const block = async (blocker: SignedIn, blocked: SignedIn) => {
  await db().insert(userBlocks).values({ blockerId: blocker.userId, blockedId: blocked.userId });
};
const hide = async (work: Work, reason = 'Spam') => {
  await db().update(works).set({ hiddenAt: new Date(), hiddenReason: reason }).where(eq(works.id, work.id));
};
const counters = async (workId: string) => {
  const [row] = await db().select({ likes: works.likeCount, collects: works.collectCount }).from(works).where(eq(works.id, workId));
  const [likes] = await db().select({ n: count() }).from(workLikes).where(eq(workLikes.workId, workId));
  const [collects] = await db().select({ n: count() }).from(workCollections).where(eq(workCollections.workId, workId));
  return { likeCount: row.likes, likeRows: likes.n, collectCount: row.collects, collectRows: collects.n };
};
const likeNotices = (recipient: SignedIn, workId: string) =>
  db()
    .select()
    .from(interactNotices)
    .where(and(eq(interactNotices.recipientId, recipient.userId), eq(interactNotices.kind, 'like'), eq(interactNotices.targetId, workId)));

const reactionCalls = [c.like, c.unlike, c.collect, c.uncollect];

describe('like and collect', () => {
  it('likes and collects once however often asked, and takes them back the same way', async () => {
    const work = await buildWork(t, author);
    expect(await t.ok(c.like, { id: work.id }, { as: other })).toEqual({ id: work.id, liked: true, collected: false, likeCount: 1, collectCount: 0 });
    expect(await t.ok(c.like, { id: work.id }, { as: other })).toMatchObject({ liked: true, likeCount: 1 });
    expect(await t.ok(c.collect, { id: work.id }, { as: other })).toMatchObject({ collected: true, collectCount: 1 });
    expect(await t.ok(c.collect, { id: work.id }, { as: other })).toMatchObject({ collected: true, collectCount: 1 });
    expect(await t.ok(c.get, { id: work.id }, { as: other })).toMatchObject({ likeCount: 1, collectCount: 1, commentCount: 0, liked: true, collected: true });
    expect(await t.ok(c.get, { id: work.id })).toMatchObject({ likeCount: 1, liked: false, collected: false });
    expect(await t.ok(c.get, { id: work.id }, { as: author })).toMatchObject({ likeCount: 1, liked: false, hidden: false, hiddenReason: null });
    expect(await t.ok(c.unlike, { id: work.id }, { as: other })).toMatchObject({ liked: false, likeCount: 0, collected: true });
    expect(await t.ok(c.unlike, { id: work.id }, { as: other })).toMatchObject({ liked: false, likeCount: 0 });
    expect(await t.ok(c.uncollect, { id: work.id }, { as: other })).toMatchObject({ collected: false, collectCount: 0 });
    expect(await t.ok(c.uncollect, { id: work.id }, { as: other })).toMatchObject({ collected: false, collectCount: 0 });
    expect(await counters(work.id)).toEqual({ likeCount: 0, likeRows: 0, collectCount: 0, collectRows: 0 });
  });

  it('refuses visitors (401)', async () => {
    const work = await buildWork(t, author);
    for (const call of [...reactionCalls, c.collections]) {
      const res = await t.call(call.path, { id: work.id });
      expect([call.path, res.status, res.body.code]).toEqual([call.path, 401, 401]);
    }
  });

  it('lets the author like and collect their own work, in any state, without a notice', async () => {
    const draft = await buildWork(t, author, { isPublic: false, published: false });
    expect(await t.ok(c.like, { id: draft.id }, { as: author })).toMatchObject({ liked: true, likeCount: 1 });
    expect(await t.ok(c.collect, { id: draft.id }, { as: author })).toMatchObject({ collected: true });
    expect(await t.ok(c.mine, {}, { as: author })).toMatchObject({ items: expect.arrayContaining([expect.objectContaining({ id: draft.id, liked: true, collected: true, likeCount: 1 })]) });
    expect(await likeNotices(author, draft.id)).toHaveLength(0);
  });

  it('acts only on works the caller may see: others, admins included, get the answers of work/get', async () => {
    const privateWork = await buildWork(t, author, { isPublic: false });
    const draft = await buildWork(t, author, { published: false });
    const hidden = await buildWork(t, author);
    await hide(hidden);
    for (const caller of [other, admin]) {
      for (const call of reactionCalls) {
        expect((await t.call(call, { id: privateWork.id }, { as: caller })).body.code).toBe(4001);
        expect((await t.call(call, { id: draft.id }, { as: caller })).body.code).toBe(4002);
        expect((await t.call(call, { id: hidden.id }, { as: caller })).body.code).toBe(4001);
      }
    }
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await t.call(c.like, { id: missing }, { as: other })).body.code).toBe(4001);
    expect(await t.ok(c.like, { id: (await buildWork(t, author)).id }, { as: admin })).toMatchObject({ liked: true });
  });

  it('answers "not found", never a failure, when the work is deleted while being liked', async () => {
    for (let i = 0; i < 3; i++) {
      const work = await buildWork(t, author);
      const [like] = await Promise.all([t.call(c.like, { id: work.id }, { as: other }), t.ok(c.delete, { id: work.id }, { as: author })]);
      expect([0, 4001]).toContain(like.body.code);
    }
  });

  it('refuses a like or collect between blocked people, whoever blocked whom', async () => {
    const blocker = await buildUser(t);
    const blocked = await buildUser(t);
    await block(blocker, blocked);
    const byBlocker = await buildWork(t, blocker);
    const byBlocked = await buildWork(t, blocked);
    for (const call of reactionCalls) {
      expect((await t.call(call, { id: byBlocker.id }, { as: blocked })).body).toMatchObject({ code: 4301 });
      expect((await t.call(call, { id: byBlocked.id }, { as: blocker })).body).toMatchObject({ code: 4301 });
    }
    expect(await counters(byBlocker.id)).toMatchObject({ likeCount: 0, collectCount: 0 });
    expect(await likeNotices(blocker, byBlocker.id)).toHaveLength(0);
  });

  it('limits reactions per user and minute with a message that asks to retry later', async () => {
    const user = await buildUser(t);
    const work = await buildWork(t, author);
    for (let i = 0; i < 60; i++) await t.ok(i % 2 === 0 ? c.like : c.unlike, { id: work.id }, { as: user });
    const res = await t.call(c.collect, { id: work.id }, { as: user, lang: 'zh_TW' });
    expect(res.status).toBe(429);
    expect(res.body).toMatchObject({ code: 4007, message: '操作過於頻繁，請稍後再試' });
    expect((await t.call(c.collect, { id: work.id }, { as: user })).body.message).toBe('Operating too frequently, please try again later');
  });
});

describe('hidden works', () => {
  it('are not found by others and shown to their author marked hidden, with the reason', async () => {
    const work = await buildWork(t, author);
    await hide(work, 'Reported as spam');
    expect((await t.call(c.get, { id: work.id }, { as: other })).body.code).toBe(4001);
    expect((await t.call(c.get, { id: work.id })).body.code).toBe(4001);
    expect((await t.call(c.get, { id: work.id }, { as: admin })).body.code).toBe(4001);
    expect(await t.ok(c.get, { id: work.id }, { as: author })).toMatchObject({ hidden: true, hiddenReason: 'Reported as spam' });
    expect(await t.ok(c.like, { id: work.id }, { as: author })).toMatchObject({ liked: true });
  });
});

describe('collections', () => {
  it('lists the works I collected and can still see, newest collected first, page by page', async () => {
    const me = await buildUser(t);
    const owner = await buildUser(t);
    const [a, b, gone, hidden, blockedAuthorWork] = [
      await buildWork(t, owner, { name: 'A' }),
      await buildWork(t, owner, { name: 'B' }),
      await buildWork(t, owner, { name: 'Gone' }),
      await buildWork(t, owner, { name: 'Hidden' }),
      await buildWork(t, await buildUser(t)),
    ];
    const mine = await buildWork(t, me, { isPublic: false });
    for (const w of [a, gone, hidden, blockedAuthorWork, b, mine]) await t.ok(c.collect, { id: w.id }, { as: me });
    await t.ok(c.update, { id: gone.id, name: 'Gone', category: 'Image', publisher: 'x', isPublic: false }, { as: owner });
    await hide(hidden);
    await block(me, { userId: blockedAuthorWork.author.userId } as SignedIn);
    const first = await t.ok(c.collections, { limit: 2 }, { as: me });
    expect(first.items.map((w) => w.id)).toEqual([mine.id, b.id]);
    expect(first.items[0]).toMatchObject({ collected: true, isOwner: true });
    const second = await t.ok(c.collections, { limit: 2, cursor: first.nextCursor ?? '' }, { as: me });
    expect(second).toEqual({ items: [expect.objectContaining({ id: a.id })], nextCursor: null });
    expect((await t.ok(c.collections, {}, { as: owner })).items).toEqual([]);
  });
});

describe('liked by', () => {
  it("lists a user's liked works anyone may see, without hidden, private or blocked authors' works", async () => {
    const liker = await buildUser(t);
    const viewer = await buildUser(t);
    const owner = await buildUser(t);
    const blockedOwner = await buildUser(t);
    const shown = await buildWork(t, owner, { name: 'Shown' });
    const later = await buildWork(t, owner, { name: 'Later' });
    const hidden = await buildWork(t, owner);
    const privateOne = await buildWork(t, liker, { isPublic: false });
    const ofBlocked = await buildWork(t, blockedOwner);
    for (const w of [shown, hidden, privateOne, ofBlocked, later]) await t.ok(c.like, { id: w.id }, { as: liker });
    await hide(hidden);
    await block(blockedOwner, viewer);
    const ids = async (as: SignedIn | null) => (await t.ok(c.likedBy, { userId: liker.userId }, { as })).items.map((w) => w.id);
    expect(await ids(null)).toEqual([later.id, ofBlocked.id, shown.id]);
    expect(await ids(viewer)).toEqual([later.id, shown.id]);
    expect(await ids(admin)).toEqual([later.id, ofBlocked.id, shown.id]);
    expect(await ids(liker)).toEqual([later.id, ofBlocked.id, privateOne.id, shown.id]);
    expect(await ids(owner)).toEqual([later.id, ofBlocked.id, hidden.id, shown.id]);
    const page = await t.ok(c.likedBy, { userId: liker.userId, limit: 1 }, { as: viewer });
    expect(page.items[0]).toMatchObject({ id: later.id, liked: false });
    expect((await t.ok(c.likedBy, { userId: liker.userId, limit: 1, cursor: page.nextCursor ?? '' }, { as: viewer })).items.map((w) => w.id)).toEqual([shown.id]);
  });

  it('shows nothing between people who blocked each other', async () => {
    const liker = await buildUser(t);
    const stranger = await buildUser(t);
    await t.ok(c.like, { id: (await buildWork(t, author)).id }, { as: liker });
    await block(liker, stranger);
    expect((await t.ok(c.likedBy, { userId: liker.userId }, { as: stranger })).items).toEqual([]);
    expect((await t.ok(c.likedBy, { userId: liker.userId }, { as: other })).items).toHaveLength(1);
  });
});

describe('like notices', () => {
  it('tell the author, and fold later likes into one unread notice that rises with the newest liker', async () => {
    const owner = await buildUser(t);
    const [ana, bo, cy] = [await buildUser(t, 'Ana'), await buildUser(t), await buildUser(t)];
    const work = await buildWork(t, owner, { name: 'Moon' });
    await t.ok(c.like, { id: work.id }, { as: ana });
    const [first] = (await t.ok(calls.notices.interactList, {}, { as: owner })).items;
    expect(first).toMatchObject({ kind: 'like', targetType: 'work', targetId: work.id, othersCount: 0, title: 'Ana liked your work', content: 'Moon', actor: { userId: ana.userId } });

    await t.ok(c.like, { id: work.id }, { as: bo });
    await t.ok(c.like, { id: work.id }, { as: cy });
    const folded = (await t.ok(calls.notices.interactList, {}, { as: owner })).items;
    expect(folded).toHaveLength(1);
    expect(folded[0]).toMatchObject({ id: first.id, othersCount: 2, actor: { userId: cy.userId }, title: `${cy.userName} and 2 others liked your work`, read: false });
    expect(folded[0].createdAt > first.createdAt).toBe(true);
    expect(await t.ok(calls.notices.unreadCount, {}, { as: owner })).toMatchObject({ interact: '1' });

    // taking a like back tells no one; giving it again by the newest liker does not count them twice
    await t.ok(c.unlike, { id: work.id }, { as: cy });
    await t.ok(c.like, { id: work.id }, { as: cy });
    expect(await likeNotices(owner, work.id)).toEqual([expect.objectContaining({ othersCount: 2 })]);
  });

  it('start a new notice once the last one was read or is older than an hour', async () => {
    const owner = await buildUser(t);
    const work = await buildWork(t, owner);
    const likers = [await buildUser(t), await buildUser(t), await buildUser(t)];
    await t.ok(c.like, { id: work.id }, { as: likers[0] });
    await t.ok(calls.notices.interactRead, { all: true }, { as: owner });
    await t.ok(c.like, { id: work.id }, { as: likers[1] });
    await db()
      .update(interactNotices)
      .set({ createdAt: sql`now() - interval '61 minutes'` })
      .where(and(eq(interactNotices.recipientId, owner.userId), eq(interactNotices.targetId, work.id)));
    await t.ok(c.like, { id: work.id }, { as: likers[2] });
    const rows = await likeNotices(owner, work.id);
    expect(rows.map((r) => r.othersCount)).toEqual([0, 0, 0]);
  });

  it('fold when ten people like at once: one notice, the other nine counted', async () => {
    const owner = await buildUser(t);
    const work = await buildWork(t, owner);
    const likers = await Promise.all(Array.from({ length: 10 }, () => buildUser(t)));
    await Promise.all(likers.map((u) => t.ok(c.like, { id: work.id }, { as: u })));
    const rows = await likeNotices(owner, work.id);
    expect(rows).toHaveLength(1);
    expect(rows[0].othersCount).toBe(9);
  });
});

describe('counters under concurrency', () => {
  it('count 20 likes when 20 users like twice at once', async () => {
    const work = await buildWork(t, author);
    const users = await Promise.all(Array.from({ length: 20 }, () => buildUser(t)));
    const answers = await Promise.all([...users, ...users].map((u) => t.call(c.like, { id: work.id }, { as: u })));
    expect(answers.every((a) => a.body.code === 0)).toBe(true);
    expect(await counters(work.id)).toMatchObject({ likeCount: 20, likeRows: 20 });
  });

  it('end with counters equal to the rows after likes, unlikes, collects and uncollects race', async () => {
    const work = await buildWork(t, author);
    const users = await Promise.all(Array.from({ length: 8 }, () => buildUser(t)));
    const mix = users.flatMap((u, i) => [c.like, c.unlike, c.collect, c.uncollect, c.like, c.collect].slice(0, 3 + (i % 4)).map((call) => ({ call, u })));
    const answers = await Promise.all(mix.map(({ call, u }) => t.call(call, { id: work.id }, { as: u })));
    expect(answers.every((a) => a.body.code === 0)).toBe(true);
    const after = await counters(work.id);
    expect(after.likeCount).toBe(after.likeRows);
    expect(after.collectCount).toBe(after.collectRows);
  });
});
