import { calls, type CallInput, type Language } from '@starlit/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userBlocks, users, userStrikes } from '../../db/schema/index.ts';
import { buildAdmin, buildUser, buildWork, pictureBase64, type Work } from '../../../test/factories.ts';
import { startTestServer, type SignedIn, type TestServer } from '../../../test/server.ts';

const c = calls.moderation;

let t: TestServer;
let admin: SignedIn;
beforeAll(async () => {
  t = await startTestServer();
  admin = await buildAdmin(t);
});
afterAll(async () => {
  await t?.close();
});

/** A public work of a new author, reported by `count` new users. */
async function reportedWork(count = 2, types: Array<'spam' | 'hate'> = ['spam']) {
  const author = await buildUser(t);
  const work = await buildWork(t, author, { name: 'Loud' });
  const reporters: SignedIn[] = [];
  for (let i = 0; i < count; i++) {
    const reporter = await buildUser(t);
    reporters.push(reporter);
    await t.ok(calls.reports.submit, { workId: work.id, type: types[i % types.length], description: `report ${i}`, images: i === 0 ? [await pictureBase64()] : [] }, { as: reporter });
  }
  return { author, work, reporters };
}

const latestNotice = async (user: SignedIn, lang: Language = 'en_US') => (await t.ok(calls.notices.systemList, {}, { as: user, lang })).items[0];

describe('access', () => {
  const inputs = (workId: string): Array<[keyof typeof c, CallInput<(typeof c)[keyof typeof c]>]> => [
    ['queue', {}],
    ['detail', { workId }],
    ['dismiss', { workId }],
    ['hide', { workId, reason: 'r' }],
    ['unhide', { workId }],
    ['strike', { workId, reason: 'r' }],
    ['log', {}],
  ];

  it('answers 401 to visitors and 403 to the reporter, the author, other users and a blocked user', async () => {
    const { author, work, reporters } = await reportedWork(1);
    const other = await buildUser(t);
    const blocked = await buildUser(t);
    await t.starlit.database.db.insert(userBlocks).values({ blockerId: author.userId, blockedId: blocked.userId });
    for (const [name, input] of inputs(work.id)) {
      expect((await t.call(c[name], input as never)).status, name).toBe(401);
      for (const who of [author, reporters[0], other, blocked]) expect((await t.call(c[name], input as never, { as: who })).status, name).toBe(403);
    }
    // nothing happened to the work
    expect((await t.ok(c.detail, { workId: work.id }, { as: admin })).reports.every((r) => r.status === 'open')).toBe(true);
  });

  it('answers an admin 4001 for a work that does not exist', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await t.call(c.detail, { workId: missing }, { as: admin })).body.code).toBe(4001);
    expect((await t.call(c.hide, { workId: missing, reason: 'x' }, { as: admin })).body.code).toBe(4001);
  });
});

describe('the queue', () => {
  it('groups open reports by work with counts by type, the most recently reported first, in pages', async () => {
    const a = await reportedWork(3, ['spam', 'hate']);
    const b = await reportedWork(1);
    const first = await t.ok(c.queue, { limit: 1 }, { as: admin });
    expect(first.items[0]).toMatchObject({ workId: b.work.id, reportCount: 1, author: { userId: b.author.userId }, workName: 'Loud', hidden: false });
    expect(first.nextCursor).not.toBeNull();
    const second = await t.ok(c.queue, { limit: 1, cursor: first.nextCursor! }, { as: admin });
    expect(second.items[0]).toMatchObject({
      workId: a.work.id,
      reportCount: 3,
      types: [
        { type: 'spam', count: 2 },
        { type: 'hate', count: 1 },
      ],
    });
  });

  it('shows one work with every report, its description and pictures', async () => {
    const { work, reporters } = await reportedWork(2);
    const detail = await t.ok(c.detail, { workId: work.id }, { as: admin });
    expect(detail.work).toMatchObject({ workId: work.id, hidden: false, hiddenReason: null });
    expect(detail.reports).toHaveLength(2);
    const first = detail.reports.find((r) => r.reporter.userId === reporters[0].userId)!;
    expect(first).toMatchObject({ description: 'report 0', status: 'open', type: 'spam' });
    expect(first.images).toHaveLength(1);
    expect(first.images[0]).toContain('/media/reports/');
  });
});

describe('actions', () => {
  it('dismiss closes the reports, tells the reporters and leaves the work alone', async () => {
    const { author, work, reporters } = await reportedWork(2);
    const out = await t.ok(c.dismiss, { workId: work.id }, { as: admin });
    expect(out).toMatchObject({ closedReports: 2, hidden: false });
    expect((await t.ok(c.queue, { limit: 100 }, { as: admin })).items.some((i) => i.workId === work.id)).toBe(false);
    expect((await latestNotice(reporters[1])).content).toContain('Your report on "Loud" was reviewed: no rule was found broken');
    expect((await t.call(calls.works.get, { id: work.id }, { as: reporters[0] })).body.code).toBe(0);
    expect((await latestNotice(author)).title).not.toContain('hidden');
    expect((await latestNotice(reporters[1], 'zh_TW')).content).toBe(`你對「Loud」的檢舉已審核：未發現違規，作品維持顯示。感謝你協助維護 Starlit 的安全。`);
  });

  it('hide takes the work from everyone but its author, who is told why; unhide brings it back', async () => {
    const { author, work, reporters } = await reportedWork(1);
    // the moderator's language is not the readers': each reads the notices in their own
    expect(await t.ok(c.hide, { workId: work.id, reason: 'Spam links' }, { as: admin, lang: 'zh_TW' })).toMatchObject({ closedReports: 1, hidden: true });
    for (const who of [reporters[0], await buildUser(t), admin, null]) expect((await t.call(calls.works.get, { id: work.id }, { as: who })).body.code).toBe(4001);
    const own = await t.ok(calls.works.get, { id: work.id }, { as: author });
    expect(own.hidden).toBe(true);
    const feed = await t.ok(calls.home.feed, { tab: 'image', limit: 100 }, {});
    expect(JSON.stringify(feed)).not.toContain(work.id);
    expect(await latestNotice(author, 'en_US')).toMatchObject({
      title: 'Your work was hidden',
      content: `Your work "${work.name}" was hidden by moderation: only you can see it now. Reason: Spam links`,
    });
    expect(await latestNotice(author, 'zh_TW')).toMatchObject({ title: '你的作品已被隱藏', content: `你的作品「${work.name}」已被管理員隱藏，現在只有你看得到。原因：Spam links` });
    expect(await latestNotice(reporters[0], 'en_US')).toMatchObject({
      title: 'Your report was reviewed',
      content: `Your report on "${work.name}" was reviewed: the work was hidden. Thank you for keeping Starlit safe.`,
    });
    expect(await latestNotice(reporters[0], 'zh_TW')).toMatchObject({ title: '你的檢舉已審核', content: `你對「${work.name}」的檢舉已審核：該作品已被隱藏。感謝你協助維護 Starlit 的安全。` });

    expect(await t.ok(c.unhide, { workId: work.id }, { as: admin })).toMatchObject({ closedReports: 0, hidden: false });
    expect((await t.call(calls.works.get, { id: work.id }, { as: reporters[0] })).body.code).toBe(0);
  });

  it('strike needs a reason', async () => {
    const { work } = await reportedWork(1);
    const res = await t.call(c.strike.path, { workId: work.id, reason: ' ' }, { as: admin });
    expect(res.body.code).toBe(1001);
    expect(res.body.message).toContain('A reason is required');
  });

  it('three active strikes mute the author for 7 days: publishing and creating are refused', async () => {
    const author = await buildUser(t);
    const works: Work[] = [];
    for (let i = 0; i < 3; i++) works.push(await buildWork(t, author));
    const draft = await buildWork(t, author, { published: false });
    const first = await t.ok(c.strike, { workId: works[0].id, reason: 'one' }, { as: admin });
    expect(first).toMatchObject({ activeStrikes: 1, mutedUntil: null, hidden: false });
    await t.ok(c.strike, { workId: works[1].id, reason: 'two', hide: true }, { as: admin });
    const third = await t.ok(c.strike, { workId: works[2].id, reason: 'three' }, { as: admin });
    expect(third.activeStrikes).toBe(3);
    const until = new Date(third.mutedUntil!).getTime();
    expect(Math.abs(until - (Date.now() + 7 * 24 * 3600 * 1000))).toBeLessThan(60_000);
    expect((await t.call(calls.works.get, { id: works[1].id }, { as: await buildUser(t) })).body.code).toBe(4001);

    const refused = await t.call(calls.works.publish, { id: draft.id }, { as: author });
    expect(refused.body.code).toBe(4701);
    expect((await t.call(calls.works.create, { name: 'Post', category: 'Living', description: 'hi' }, { as: author })).body.code).toBe(4701);
    expect((await latestNotice(author)).content).toContain('cannot publish or comment until');
    expect(await latestNotice(author, 'zh_TW')).toMatchObject({ title: '你的帳號收到一次警告', content: expect.stringContaining('目前有效警告：3 次') });
    expect((await latestNotice(author, 'zh_TW')).content).toContain('前無法發佈或留言');

    // a mute ends: the author publishes again
    await t.starlit.database.db
      .update(users)
      .set({ mutedUntil: new Date(Date.now() - 1000) })
      .where(eq(users.id, author.userId));
    expect((await t.call(calls.works.publish, { id: draft.id }, { as: author })).body.code).toBe(0);
  });

  it('expired strikes do not count', async () => {
    const author = await buildUser(t);
    const w = await buildWork(t, author);
    await t.ok(c.strike, { workId: w.id, reason: 'one' }, { as: admin });
    await t.ok(c.strike, { workId: w.id, reason: 'two' }, { as: admin });
    await t.starlit.database.db
      .update(userStrikes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(userStrikes.userId, author.userId));
    expect(await t.ok(c.strike, { workId: w.id, reason: 'three' }, { as: admin })).toMatchObject({ activeStrikes: 1, mutedUntil: null });
  });

  it('strikes sent at once count each other', async () => {
    const author = await buildUser(t);
    const w = await buildWork(t, author);
    const outs = await Promise.all(Array.from({ length: 3 }, (_, i) => t.ok(c.strike, { workId: w.id, reason: `r${i}` }, { as: admin })));
    expect(outs.map((o) => o.activeStrikes).sort()).toEqual([1, 2, 3]);
    expect(outs.some((o) => o.mutedUntil !== null)).toBe(true);
  });
});

describe('the audit log', () => {
  it('lists every action with who, when, what, the work, the person and the reason, newest first, in pages', async () => {
    const { author, work } = await reportedWork(1);
    await t.ok(c.hide, { workId: work.id, reason: 'first' }, { as: admin });
    await t.ok(c.unhide, { workId: work.id, reason: 'second' }, { as: admin });
    const page = await t.ok(c.log, { limit: 2 }, { as: admin });
    expect(page.items.map((e) => [e.action, e.reason])).toEqual([
      ['unhide', 'second'],
      ['hide', 'first'],
    ]);
    expect(page.items[0]).toMatchObject({ actor: { userId: admin.userId }, subject: { userId: author.userId }, workId: work.id, workName: 'Loud' });
    expect(page.nextCursor).not.toBeNull();
    const next = await t.ok(c.log, { limit: 100, cursor: page.nextCursor! }, { as: admin });
    expect(next.items.some((e) => e.id === page.items[0].id)).toBe(false);
  });
});
