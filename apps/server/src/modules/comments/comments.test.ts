import { calls, type CallOutput, type Language } from '@starlit/contract';
import { encodeCursor } from '@starlit/contract/rules';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comments, interactNotices, userBlocks, users, works } from '../../db/schema/index.ts';
import { buildAdmin, buildUser, buildWork, type Work } from '../../../test/factories.ts';
import { startTestServer, type SignedIn, type TestServer } from '../../../test/server.ts';

const c = calls.comments;
type Comment = CallOutput<typeof c.create>;

let t: TestServer;
let author: SignedIn;
let commenter: SignedIn;
let other: SignedIn;
let admin: SignedIn;
beforeAll(async () => {
  // the per-user budgets get their own test below; here many comments come from one person
  t = await startTestServer({ COMMENTS_PER_MINUTE: '100000', COMMENT_LIKES_PER_MINUTE: '100000' });
  author = await buildUser(t);
  commenter = await buildUser(t);
  other = await buildUser(t);
  admin = await buildAdmin(t);
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.starlit.database.db;
const block = (blocker: SignedIn, blocked: SignedIn) => db().insert(userBlocks).values({ blockerId: blocker.userId, blockedId: blocked.userId });
const unblock = (blocker: SignedIn) => db().delete(userBlocks).where(eq(userBlocks.blockerId, blocker.userId));
const commentCount = async (workId: string) => (await db().select({ n: works.commentCount }).from(works).where(eq(works.id, workId)))[0].n;
const liveRows = async (workId: string) => (await db().select().from(comments).where(eq(comments.workId, workId))).filter((r) => r.deletedAt === null).length;
const row = async (id: string) => (await db().select().from(comments).where(eq(comments.id, id)))[0];
const comment = (as: SignedIn, workId: string, text = 'Lovely colours', replyToId?: string) => t.ok(c.create, { workId, text, replyToId }, { as });
const list = (workId: string, as: SignedIn | null = null, order: 'newest' | 'liked' = 'newest', cursor?: string, limit = 20) => t.ok(c.list, { workId, order, cursor, limit }, { as });

let work: Work;
beforeAll(async () => {
  work = await buildWork(t, author);
});

describe('create', () => {
  it('comments as a signed-in user, cleans the text and counts it; visitors are asked to sign in', async () => {
    const w = await buildWork(t, author);
    expect((await t.call(c.create, { workId: w.id, text: 'Hi' })).status).toBe(401);
    const made = await comment(commenter, w.id, '  <b>nice</b>\u0007 work\r\n\u202Eyes  ');
    expect(made).toMatchObject({ text: '<b>nice</b> work\nyes', rootId: null, replyTo: null, deleted: false, isWorkAuthor: false, canDelete: true, liked: false, likeCount: 0 });
    expect(made.author).toMatchObject({ userId: commenter.userId, userName: commenter.userName });
    const mine = await comment(author, w.id, 'Thank you');
    expect(mine.isWorkAuthor).toBe(true);
    expect(await commentCount(w.id)).toBe(2);
    expect((await comment(admin, w.id, 'Welcome')).isWorkAuthor).toBe(false);
  });

  it('requires text and allows 1000 characters (an emoji counts one), not 1001', async () => {
    for (const text of ['', '   ', '\u0000\u0001']) {
      const res = await t.call(c.create, { workId: work.id, text }, { as: commenter });
      expect(res.body).toMatchObject({ code: 1001, message: expect.stringContaining('Comment text is required') });
    }
    expect((await t.call(c.create, { workId: work.id, text: '🌟'.repeat(1000) }, { as: commenter })).body.code).toBe(0);
    const res = await t.call(c.create, { workId: work.id, text: 'a'.repeat(1001) }, { as: commenter, lang: 'zh_TW' });
    expect(res.body).toMatchObject({ code: 1001, message: expect.stringContaining('留言最多 1000 個字') });
  });

  it('refuses private works to everyone (4103 for the author, not found for others), drafts and hidden works', async () => {
    const priv = await buildWork(t, author, { isPublic: false });
    expect((await t.call(c.create, { workId: priv.id, text: 'x' }, { as: author })).body.code).toBe(4103);
    for (const as of [commenter, admin]) expect((await t.call(c.create, { workId: priv.id, text: 'x' }, { as })).body.code).toBe(4001);
    const draft = await buildWork(t, author, { published: false });
    for (const as of [author, commenter]) expect((await t.call(c.create, { workId: draft.id, text: 'x' }, { as })).body.code).toBe(4002);
    const hidden = await buildWork(t, author);
    await db().update(works).set({ hiddenAt: new Date() }).where(eq(works.id, hidden.id));
    expect((await t.call(c.create, { workId: hidden.id, text: 'x' }, { as: author })).body.code).toBe(4106);
    expect((await t.call(c.create, { workId: hidden.id, text: 'x' }, { as: commenter })).body.code).toBe(4001);
    expect((await t.call(c.list, { workId: hidden.id }, { as: commenter })).body.code).toBe(4001);
    expect((await t.call(c.create, { workId: '00000000-0000-4000-8000-000000000000', text: 'x' }, { as: commenter })).body.code).toBe(4001);
  });

  it('refuses a block either way with the work’s author, and with the person replied to', async () => {
    const blocked = await buildUser(t);
    await block(author, blocked);
    expect((await t.call(c.create, { workId: work.id, text: 'x' }, { as: blocked })).body.code).toBe(4301);
    const blocker = await buildUser(t);
    await block(blocker, author);
    expect((await t.call(c.create, { workId: work.id, text: 'x' }, { as: blocker })).body.code).toBe(4301);

    const top = await comment(commenter, work.id);
    const replier = await buildUser(t);
    await block(commenter, replier);
    expect((await t.call(c.create, { workId: work.id, text: 'x', replyToId: top.id }, { as: replier })).body.code).toBe(4301);
    await unblock(commenter);
    expect((await t.call(c.create, { workId: work.id, text: 'x', replyToId: top.id }, { as: replier })).body.code).toBe(0);
  });

  it('refuses a muted user until the mute ends', async () => {
    const muted = await buildUser(t);
    await db()
      .update(users)
      .set({ mutedUntil: new Date(Date.now() + 3600_000) })
      .where(eq(users.id, muted.userId));
    expect((await t.call(c.create, { workId: work.id, text: 'x' }, { as: muted })).body.code).toBe(4701);
    await db()
      .update(users)
      .set({ mutedUntil: new Date(Date.now() - 1000) })
      .where(eq(users.id, muted.userId));
    expect((await t.call(c.create, { workId: work.id, text: 'x' }, { as: muted })).body.code).toBe(0);
  });
});

describe('threads', () => {
  it('puts replies to replies in the top comment’s thread, naming whom they answer, and counts them', async () => {
    const w = await buildWork(t, author);
    const top = await comment(commenter, w.id, 'First!');
    const r1 = await comment(author, w.id, 'Thanks', top.id);
    const r2 = await comment(other, w.id, 'Agreed', r1.id);
    expect(r1).toMatchObject({ rootId: top.id, replyToId: top.id, replyTo: { userId: commenter.userId }, isWorkAuthor: true });
    expect(r2).toMatchObject({ rootId: top.id, replyToId: r1.id, replyTo: { userId: author.userId, userName: author.userName } });
    expect((await row(top.id)).replyCount).toBe(2);
    expect(await commentCount(w.id)).toBe(3);
    expect((await t.call(c.create, { workId: work.id, text: 'x', replyToId: top.id }, { as: other })).body.code).toBe(4101);
  });

  it('lists top comments with their first 3 replies oldest first, and pages the rest with replies', async () => {
    const w = await buildWork(t, author);
    const top = await comment(commenter, w.id, 'Top');
    const replies: Comment[] = [];
    for (let i = 0; i < 7; i++) replies.push(await comment(other, w.id, `reply ${i}`, top.id));
    const page = await list(w.id);
    expect(page.total).toBe(8);
    expect(page.items).toHaveLength(1);
    expect(page.items[0].replyCount).toBe(7);
    expect(page.items[0].replies.map((r) => r.text)).toEqual(['reply 0', 'reply 1', 'reply 2']);
    const seen: string[] = [];
    let cursor = page.items[0].moreReplies ?? undefined;
    while (cursor) {
      const next = await t.ok(c.replies, { rootId: top.id, cursor, limit: 2 }, { as: null });
      seen.push(...next.items.map((r) => r.text));
      cursor = next.nextCursor ?? undefined;
    }
    expect(seen).toEqual(['reply 3', 'reply 4', 'reply 5', 'reply 6']);
    expect((await t.ok(c.replies, { rootId: top.id, limit: 50 }, { as: null })).items.map((r) => r.id)).toEqual(replies.map((r) => r.id));
    expect((await t.call(c.replies, { rootId: replies[0].id }, { as: null })).body.code).toBe(4101);
  });

  it('shows the same comments to visitors, without the viewer’s likes or delete rights', async () => {
    const w = await buildWork(t, author);
    const top = await comment(commenter, w.id);
    await t.ok(c.like, { id: top.id }, { as: other });
    const [asVisitor] = (await list(w.id)).items;
    expect(asVisitor).toMatchObject({ id: top.id, likeCount: 1, liked: false, canDelete: false });
    expect((await list(w.id, other)).items[0]).toMatchObject({ liked: true, canDelete: false });
    expect((await list(w.id, author)).items[0]).toMatchObject({ canDelete: true });
    expect((await list(w.id, admin)).items[0]).toMatchObject({ canDelete: false });
  });

  it('hides comments and replies of people blocked either way with the viewer', async () => {
    const w = await buildWork(t, author);
    const rude = await buildUser(t);
    const viewer = await buildUser(t);
    const top = await comment(commenter, w.id, 'Top');
    await comment(rude, w.id, 'rude reply', top.id);
    await comment(rude, w.id, 'rude top');
    await block(viewer, rude);
    const page = await list(w.id, viewer);
    expect(page.items.map((i) => i.text)).toEqual(['Top']);
    expect(page.items[0].replies).toEqual([]);
    expect((await t.ok(c.replies, { rootId: top.id }, { as: viewer })).items).toEqual([]);
    // the blocked one sees none of the blocker's words either
    await comment(viewer, w.id, 'viewer words');
    expect((await list(w.id, rude)).items.map((i) => i.text)).not.toContain('viewer words');
    expect((await list(w.id, null)).items.map((i) => i.text)).toContain('viewer words');
  });

  it('lets the author read comments of their private work, and nobody else', async () => {
    const w = await buildWork(t, author);
    await comment(commenter, w.id);
    await t.ok(calls.works.update, { id: w.id, name: w.name, category: 'Image', publisher: author.userName, isPublic: false }, { as: author });
    expect((await list(w.id, author)).items).toHaveLength(1);
    for (const as of [null, commenter, admin]) expect((await t.call(c.list, { workId: w.id }, { as })).body.code).toBe(4001);
  });
});

describe('pagination', () => {
  it('pages both orders without duplicates or gaps, comments made in the same millisecond included', async () => {
    const w = await buildWork(t, author);
    const made = await Promise.all(Array.from({ length: 23 }, (_, i) => comment(i % 2 ? commenter : other, w.id, `c${i}`)));
    // equal like counts and equal times must still give one order
    const stamp = new Date('2026-01-01T00:00:00.000Z');
    await db().update(comments).set({ createdAt: stamp }).where(eq(comments.workId, w.id));
    for (const [i, m] of made.entries())
      await db()
        .update(comments)
        .set({ likeCount: i % 4 })
        .where(eq(comments.id, m.id));

    for (const order of ['newest', 'liked'] as const) {
      const ids: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await list(w.id, commenter, order, cursor, 5);
        ids.push(...page.items.map((i) => i.id));
        if (order === 'liked') {
          const counts = page.items.map((i) => i.likeCount);
          expect(counts).toEqual([...counts].sort((a, b) => b - a));
        }
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
      expect(ids).toHaveLength(23);
      expect(new Set(ids).size).toBe(23);
    }
    const liked = (await list(w.id, null, 'liked', undefined, 23)).items.map((i) => i.likeCount);
    expect(liked.slice(0, 5)).toEqual([3, 3, 3, 3, 3]);
  });

  it('refuses a newest cursor for the most-liked order and a made-up cursor', async () => {
    const res = await t.call(c.list, { workId: work.id, order: 'liked', cursor: encodeCursor(new Date(), work.id) });
    expect(res.body.code).toBe(1001);
    expect((await t.call(c.list, { workId: work.id, cursor: 'garbage' })).body.code).toBe(1001);
    expect((await t.call(c.list, { workId: work.id, order: 'newest', cursor: encodeCursor(new Date(), work.id, 3) })).body.code).toBe(0);
  });
});

describe('delete', () => {
  it('lets the commenter and the work’s author delete; others, admins and visitors cannot', async () => {
    const w = await buildWork(t, author);
    const a = await comment(commenter, w.id);
    const b = await comment(commenter, w.id);
    expect((await t.call(c.delete, { id: a.id })).status).toBe(401);
    for (const as of [other, admin]) expect((await t.call(c.delete, { id: a.id }, { as })).body).toMatchObject({ code: 4102, message: 'Comment delete failed' });
    expect(await t.ok(c.delete, { id: a.id }, { as: commenter })).toEqual({ deleted: true, placeholder: false });
    expect(await t.ok(c.delete, { id: b.id }, { as: author })).toEqual({ deleted: true, placeholder: false });
    // a second delete and a comment that never was: the same message
    expect((await t.call(c.delete, { id: a.id }, { as: commenter })).body.code).toBe(4102);
    expect((await t.call(c.delete, { id: '00000000-0000-4000-8000-000000000000' }, { as: commenter })).body.code).toBe(4102);
    expect(await commentCount(w.id)).toBe(0);
    expect(await row(a.id)).toBeUndefined();
  });

  it('lets commenters take back their words from a work they no longer see or whose author blocked them', async () => {
    const w = await buildWork(t, author);
    const blockedOne = await buildUser(t);
    const a = await comment(blockedOne, w.id);
    const b = await comment(commenter, w.id);
    await block(author, blockedOne);
    expect((await t.call(c.delete, { id: a.id }, { as: blockedOne })).body.code).toBe(0);
    await t.ok(calls.works.update, { id: w.id, name: w.name, category: 'Image', publisher: author.userName, isPublic: false }, { as: author });
    expect((await t.call(c.delete, { id: b.id }, { as: commenter })).body.code).toBe(0);
    expect(await commentCount(w.id)).toBe(0);
    await unblock(author);
  });

  it('leaves a placeholder for a top comment with replies, and removes it with its last reply', async () => {
    const w = await buildWork(t, author);
    const top = await comment(commenter, w.id, 'secret words');
    const r1 = await comment(other, w.id, 'reply one', top.id);
    const r2 = await comment(author, w.id, 'reply two', r1.id);
    await t.ok(c.like, { id: top.id }, { as: other });
    expect(await t.ok(c.delete, { id: top.id }, { as: commenter })).toEqual({ deleted: true, placeholder: true });
    expect(await commentCount(w.id)).toBe(2);
    const [shown] = (await list(w.id, commenter)).items;
    expect(shown).toMatchObject({ id: top.id, deleted: true, text: '', author: null, canDelete: false, isWorkAuthor: false });
    expect(shown.replies.map((r) => r.text)).toEqual(['reply one', 'reply two']);
    expect(JSON.stringify(await list(w.id))).not.toContain('secret words');
    // a placeholder takes no reply and no like
    expect((await t.call(c.create, { workId: w.id, text: 'x', replyToId: top.id }, { as: other })).body.code).toBe(4101);
    expect((await t.call(c.like, { id: top.id }, { as: author })).body.code).toBe(4101);
    expect((await t.call(c.delete, { id: top.id }, { as: commenter })).body.code).toBe(4102);

    await t.ok(c.delete, { id: r1.id }, { as: other });
    expect((await row(top.id)).replyCount).toBe(1);
    // the reply to the deleted reply still says whom it answered
    expect((await list(w.id)).items[0].replies[0]).toMatchObject({ id: r2.id, replyToId: null, replyTo: { userId: other.userId } });
    await t.ok(c.delete, { id: r2.id }, { as: author });
    expect(await row(top.id)).toBeUndefined();
    expect((await list(w.id)).items).toEqual([]);
    expect(await commentCount(w.id)).toBe(0);
  });
});

describe('likes', () => {
  it('likes and unlikes idempotently, as signed-in users who are not blocked', async () => {
    const w = await buildWork(t, author);
    const top = await comment(commenter, w.id);
    expect((await t.call(c.like, { id: top.id })).status).toBe(401);
    expect(await t.ok(c.like, { id: top.id }, { as: other })).toEqual({ liked: true, likeCount: 1 });
    expect(await t.ok(c.like, { id: top.id }, { as: other })).toEqual({ liked: true, likeCount: 1 });
    expect(await t.ok(c.like, { id: top.id }, { as: admin })).toEqual({ liked: true, likeCount: 2 });
    expect(await t.ok(c.unlike, { id: top.id }, { as: other })).toEqual({ liked: false, likeCount: 1 });
    expect(await t.ok(c.unlike, { id: top.id }, { as: other })).toEqual({ liked: false, likeCount: 1 });
    const blocked = await buildUser(t);
    await block(commenter, blocked);
    expect((await t.call(c.like, { id: top.id }, { as: blocked })).body.code).toBe(4301);
    expect((await t.call(c.like, { id: '00000000-0000-4000-8000-000000000000' }, { as: other })).body.code).toBe(4101);
  });

  it('counts likes made at once exactly', async () => {
    const w = await buildWork(t, author);
    const top = await comment(commenter, w.id);
    const likers = await Promise.all(Array.from({ length: 10 }, () => buildUser(t)));
    await Promise.all(likers.flatMap((u) => [t.call(c.like, { id: top.id }, { as: u }), t.call(c.like, { id: top.id }, { as: u })]));
    expect((await row(top.id)).likeCount).toBe(10);
    await Promise.all(likers.slice(0, 4).map((u) => t.call(c.unlike, { id: top.id }, { as: u })));
    expect((await row(top.id)).likeCount).toBe(6);
  });
});

describe('counters under concurrency', () => {
  it('counts 20 comments made at once, and parallel deletes of the same comments once', async () => {
    const w = await buildWork(t, author);
    const made = await Promise.all(Array.from({ length: 20 }, (_, i) => comment(commenter, w.id, `c${i}`)));
    expect(await commentCount(w.id)).toBe(20);
    expect(await liveRows(w.id)).toBe(20);
    const answers = await Promise.all(made.slice(0, 10).flatMap((m) => [t.call(c.delete, { id: m.id }, { as: commenter }), t.call(c.delete, { id: m.id }, { as: author })]));
    expect(answers.filter((a) => a.body.code === 0)).toHaveLength(10);
    expect(answers.filter((a) => a.body.code === 4102)).toHaveLength(10);
    expect(await commentCount(w.id)).toBe(10);
    expect(await liveRows(w.id)).toBe(10);
  });

  it('keeps the thread’s and the work’s counters right when replies and deletes race', async () => {
    const w = await buildWork(t, author);
    const top = await comment(commenter, w.id);
    const replies = await Promise.all(Array.from({ length: 12 }, (_, i) => comment(other, w.id, `r${i}`, top.id)));
    expect((await row(top.id)).replyCount).toBe(12);
    await Promise.all([
      t.call(c.delete, { id: top.id }, { as: commenter }),
      ...replies.slice(0, 6).map((r) => t.call(c.delete, { id: r.id }, { as: other })),
      ...Array.from({ length: 4 }, (_, i) => t.call(c.create, { workId: w.id, text: `late ${i}`, replyToId: replies[11].id }, { as: other })),
    ]);
    const top2 = await row(top.id);
    const live = (await db().select().from(comments).where(eq(comments.rootId, top.id))).length;
    expect(top2.replyCount).toBe(live);
    expect(await commentCount(w.id)).toBe(await liveRows(w.id));
  });
});

describe('notices', () => {
  const noticesOf = (user: SignedIn) => db().select().from(interactNotices).where(eq(interactNotices.recipientId, user.userId));

  const bell = async (user: SignedIn, lang: Language) => (await t.ok(calls.notices.interactList, {}, { as: user, lang })).items;

  it('tells the work’s author of a comment and the person replied to of a reply, never oneself, each in the reader’s language', async () => {
    const a = await buildUser(t);
    const b = await buildUser(t);
    const w = await buildWork(t, a, { name: 'Aurora' });
    // the commenter writes in Chinese; what is stored is the kind and its params, not their words
    const top = await t.ok(c.create, { workId: w.id, text: 'So pretty' }, { as: b, lang: 'zh_TW' });
    expect(await noticesOf(a)).toEqual([
      expect.objectContaining({ kind: 'comment', actorId: b.userId, targetType: 'work', targetId: w.id, params: { actorName: b.userName, workName: 'Aurora', excerpt: 'So pretty' } }),
    ]);
    expect(await bell(a, 'en_US')).toEqual([
      expect.objectContaining({ kind: 'comment', title: `${b.userName} commented on your work`, content: `${b.userName} commented on your work "Aurora": So pretty` }),
    ]);
    expect(await bell(a, 'zh_TW')).toEqual([expect.objectContaining({ kind: 'comment', title: `${b.userName} 在你的作品留言`, content: `${b.userName} 在你的作品「Aurora」留言：So pretty` })]);

    await t.ok(c.create, { workId: w.id, text: 'Thank you!', replyToId: top.id }, { as: a, lang: 'en_US' });
    expect(await bell(b, 'zh_TW')).toEqual([
      expect.objectContaining({
        kind: 'reply',
        actor: expect.objectContaining({ userId: a.userId }),
        title: `${a.userName} 回覆了你的留言`,
        content: `${a.userName} 回覆了你在「Aurora」的留言：Thank you!`,
      }),
    ]);
    expect(await bell(b, 'en_US')).toEqual([
      expect.objectContaining({ kind: 'reply', title: `${a.userName} replied to your comment`, content: `${a.userName} replied to your comment on "Aurora": Thank you!` }),
    ]);
    await comment(a, w.id, 'my own');
    await comment(b, w.id, 'self reply', top.id);
    expect(await noticesOf(a)).toHaveLength(1);
    expect(await noticesOf(b)).toHaveLength(1);
  });
});

describe('rate limits', () => {
  it('refuses the 11th comment in a minute and a burst of likes, with a message saying why', async () => {
    await t.restart({ env: { COMMENTS_PER_MINUTE: '10', COMMENT_LIKES_PER_MINUTE: '3' } });
    const fast = await buildUser(t);
    for (let i = 0; i < 10; i++) await comment(fast, work.id, `c${i}`);
    const res = await t.call(c.create, { workId: work.id, text: 'one more' }, { as: fast });
    expect(res.status).toBe(429);
    expect(res.body).toMatchObject({ code: 4104, message: 'Please do not comment too often; try again in a minute' });
    // a refused comment costs nothing: another user still comments (a new one: with Redis the
    // counts of this file's earlier tests outlive the restart)
    const calm = await buildUser(t);
    expect((await t.call(c.create, { workId: work.id, text: 'hello' }, { as: calm })).body.code).toBe(0);
    const top = await comment(calm, work.id);
    for (let i = 0; i < 3; i++) await t.ok(i % 2 ? c.unlike : c.like, { id: top.id }, { as: fast });
    expect((await t.call(c.like, { id: top.id }, { as: fast })).body.code).toBe(4105);
  });
});
