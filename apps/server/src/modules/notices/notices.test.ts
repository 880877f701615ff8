import { calls } from '@starlit/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { interactNotices } from '../../db/schema/index.ts';
import { openEvents } from '../../../test/events.ts';
import { buildAdmin, buildUser } from '../../../test/factories.ts';
import { type SignedIn, startTestServer, type TestServer } from '../../../test/server.ts';

const c = calls.notices;
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.close();
});

const unread = async (as: SignedIn) => (await t.call(c.unreadCount, {}, { as })).body.data;

describe('access', () => {
  const userCalls = [
    [c.unreadCount.path, {}],
    [c.systemList.path, {}],
    [c.systemDetail.path, { id: '00000000-0000-4000-8000-000000000000' }],
    [c.systemRead.path, { all: true }],
    [c.interactList.path, {}],
    [c.interactDetail.path, { id: '00000000-0000-4000-8000-000000000000' }],
    [c.interactRead.path, { all: true }],
  ] as const;
  const adminCalls = [
    [c.createSystem.path, { title: 'Hi', content: 'There' }],
    [c.createUserSystem.path, { userId: '00000000-0000-4000-8000-000000000000', title: 'Hi', content: 'There' }],
    [c.createInteract.path, { userId: '00000000-0000-4000-8000-000000000000', kind: 'like', title: 'Hi', content: 'There' }],
  ] as const;

  it.each([...userCalls, ...adminCalls])('%s refuses anonymous callers with 401', async (path, body) => {
    const res = await t.call(path, body);
    expect(res.status).toBe(401);
    expect(res.body.code).toBe(401);
  });

  it('refuses a made-up token with 401 in the caller language', async () => {
    const res = await t.call(c.unreadCount, {}, { token: 'not-a-real-token', lang: 'zh_TW' });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('請先登入');
  });

  it.each(adminCalls)('%s refuses a signed-in non-admin with 403', async (path, body) => {
    const u = await buildUser(t);
    const res = await t.call(path, body, { as: u });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe(403);
  });
});

describe('system notices', () => {
  it('a broadcast reaches existing users, updates their unread count, and reads per user', async () => {
    const admin = await buildAdmin(t);
    const alice = await buildUser(t);
    const bob = await buildUser(t);
    expect(await unread(alice)).toEqual({ system: '1', interact: '0', all: '1' });

    const sent = await t.call(c.createSystem, { title: 'Maintenance', content: 'Tonight at 2am' }, { as: admin });
    expect(sent.body.code).toBe(0);
    expect(sent.body.data.audience).toBe('everyone');

    expect(await unread(alice)).toEqual({ system: '2', interact: '0', all: '2' });
    const list = await t.call(c.systemList, {}, { as: alice });
    expect(list.body.data.items.map((n) => n.title)).toEqual(['Maintenance', expect.stringContaining('Welcome')]);
    expect(list.body.data.items[0].read).toBe(false);

    const detail = await t.call(c.systemDetail, { id: sent.body.data.id }, { as: alice });
    expect(detail.body.data).toMatchObject({ title: 'Maintenance', content: 'Tonight at 2am', read: true });
    expect(await unread(alice)).toEqual({ system: '1', interact: '0', all: '1' });
    // Bob's copy stays unread.
    expect((await unread(bob)).system).toBe('2');
  });

  it('welcomes a new account in the language it is read in, whatever it signed up in', async () => {
    const row = await t.starlit.services.auth.signUp(`zh${Date.now().toString(36)}`, 'correct horse battery');
    const u = await buildUser(t, row.userName);
    const zh = (await t.ok(c.systemList, {}, { as: u, lang: 'zh_TW' })).items;
    expect(zh).toEqual([expect.objectContaining({ title: '歡迎來到 Starlit', content: expect.stringContaining(`嗨，${row.userName}！`) })]);
    const en = await t.ok(c.systemDetail, { id: zh[0].id }, { as: u, lang: 'en_US' });
    expect(en).toMatchObject({ title: 'Welcome to Starlit', content: expect.stringContaining(`Hi ${row.userName}!`) });
  });

  it('keeps an admin’s notice as written in every language', async () => {
    const admin = await buildAdmin(t);
    const u = await buildUser(t);
    const sent = await t.ok(c.createUserSystem, { userId: u.userId, title: 'Maintenance tonight', content: '22:00 UTC' }, { as: admin, lang: 'zh_TW' });
    expect(sent).toMatchObject({ title: 'Maintenance tonight', content: '22:00 UTC' });
    expect(await t.ok(c.systemDetail, { id: sent.id }, { as: u, lang: 'zh_TW' })).toMatchObject({ title: 'Maintenance tonight', content: '22:00 UTC' });
  });

  it('a new user does not inherit broadcasts sent before they joined', async () => {
    const admin = await buildAdmin(t);
    await t.ok(c.createSystem, { title: 'Old news', content: 'Before you came' }, { as: admin });
    const late = await buildUser(t);
    const list = await t.call(c.systemList, {}, { as: late });
    expect(list.body.data.items.map((n) => n.title)).not.toContain('Old news');
  });

  it('a notice to one user is visible to that user only', async () => {
    const admin = await buildAdmin(t);
    const carol = await buildUser(t);
    const dave = await buildUser(t);
    const sent = await t.call(c.createUserSystem, { userId: carol.userId, title: 'For Carol', content: 'Only you' }, { as: admin });
    expect(sent.body.data.audience).toBe('user');
    const other = await t.call(c.systemDetail, { id: sent.body.data.id }, { as: dave });
    expect(other.body.code).toBe(3001);
    expect(other.body.message).toBe('Notice not found');
    const mine = await t.call(c.systemDetail, { id: sent.body.data.id }, { as: carol });
    expect(mine.body.data.title).toBe('For Carol');
  });

  it('sending to an unknown user is refused with a clear message and creates nothing', async () => {
    const admin = await buildAdmin(t);
    const res = await t.call(c.createUserSystem, { userId: '00000000-0000-4000-8000-000000000000', title: 'x', content: 'y' }, { as: admin, lang: 'zh_TW' });
    expect(res.body).toMatchObject({ code: 2006, message: '找不到使用者' });
  });

  it('mark all read clears the system count and answers how many changed', async () => {
    const admin = await buildAdmin(t);
    const erin = await buildUser(t);
    await t.ok(c.createSystem, { title: 'A', content: 'a' }, { as: admin });
    await t.ok(c.createSystem, { title: 'B', content: 'b' }, { as: admin });
    const res = await t.call(c.systemRead, { all: true }, { as: erin });
    expect(res.body.data.updated).toBe(3);
    expect((await unread(erin)).system).toBe('0');
    const again = await t.call(c.systemRead, { all: true }, { as: erin });
    expect(again.body.data.updated).toBe(0);
  });

  it('marks a single notice read and refuses a notice that is not yours', async () => {
    const admin = await buildAdmin(t);
    const frank = await buildUser(t);
    const gina = await buildUser(t);
    const sent = await t.call(c.createUserSystem, { userId: gina.userId, title: 'G', content: 'g' }, { as: admin });
    const refused = await t.call(c.systemRead, { id: sent.body.data.id }, { as: frank });
    expect(refused.body.code).toBe(3001);
    const ok = await t.call(c.systemRead, { id: sent.body.data.id }, { as: gina });
    expect(ok.body.data.updated).toBe(1);
  });

  it('pages with a cursor without repeats or gaps', async () => {
    const admin = await buildAdmin(t);
    const reader = await buildUser(t);
    for (let i = 0; i < 7; i++) {
      await t.ok(c.createUserSystem, { userId: reader.userId, title: `N${i}`, content: 'c' }, { as: admin });
    }
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const res = await t.call(c.systemList, { limit: 3, cursor }, { as: reader });
      seen.push(...res.body.data.items.map((n) => n.title));
      cursor = res.body.data.nextCursor ?? undefined;
    } while (cursor);
    expect(seen.filter((s) => s.startsWith('N'))).toEqual(['N6', 'N5', 'N4', 'N3', 'N2', 'N1', 'N0']);
    expect(seen).toHaveLength(8);
  });

  it('refuses bad input with a localized message naming the field and stores nothing', async () => {
    const admin = await buildAdmin(t);
    const before = await t.call(c.systemList, { limit: 100 }, { as: admin });
    const en = await t.call(c.createSystem, { title: '', content: 'x' }, { as: admin });
    expect(en.status).toBe(200);
    expect(en.body.code).toBe(1001);
    expect(en.body.message).toContain('"title"');
    const zh = await t.call(c.createSystem.path, { title: 'ok', content: 42 }, { as: admin, lang: 'zh_TW' });
    expect(zh.body.code).toBe(1001);
    expect(zh.body.message).toContain('欄位「content」');
    const after = await t.call(c.systemList, { limit: 100 }, { as: admin });
    expect(after.body.data.items).toHaveLength(before.body.data.items.length);
  });

  it('refuses a damaged cursor as invalid input', async () => {
    const u = await buildUser(t);
    const res = await t.call(c.systemList, { cursor: 'garbage' }, { as: u });
    expect(res.body.code).toBe(1001);
    const crafted = Buffer.from('2020-01-01T00:00:00Z|x').toString('base64url');
    for (const call of [c.systemList, c.interactList]) {
      const again = await t.call(call, { cursor: crafted }, { as: u });
      expect(again.status).toBe(200);
      expect(again.body.code).toBe(1001);
    }
  });

  it('read needs exactly one of id or all', async () => {
    const u = await buildUser(t);
    const none = await t.call(c.systemRead, {}, { as: u });
    expect(none.body.code).toBe(1001);
    const both = await t.call(c.systemRead, { id: '00000000-0000-4000-8000-000000000000', all: true }, { as: u });
    expect(both.body.code).toBe(1001);
  });
});

describe('interactive notices', () => {
  it('admin sends one with an actor; the recipient sees it, reads it, and the counts follow', async () => {
    const admin = await buildAdmin(t);
    const actor = await buildUser(t);
    const target = await buildUser(t);
    const sent = await t.call(
      c.createInteract,
      { userId: target.userId, kind: 'like', title: 'New like', content: 'liked your work', actorId: actor.userId, targetType: 'work', targetId: 'w1' },
      { as: admin },
    );
    expect(sent.body.code).toBe(0);
    expect(sent.body.data.actor).toMatchObject({ userId: actor.userId, userName: actor.userName });
    expect(await unread(target)).toEqual({ system: '1', interact: '1', all: '2' });

    const list = await t.call(c.interactList, {}, { as: target });
    expect(list.body.data.items).toHaveLength(1);
    expect(list.body.data.items[0]).toMatchObject({ kind: 'like', read: false });

    const otherUser = await t.call(c.interactDetail, { id: sent.body.data.id }, { as: actor });
    expect(otherUser.body.code).toBe(3001);

    const detail = await t.call(c.interactDetail, { id: sent.body.data.id }, { as: target });
    expect(detail.body.data.read).toBe(true);
    expect((await unread(target)).interact).toBe('0');
  });

  it('features send interactive notices from the server, and mark-all-read clears them', async () => {
    const a = await buildUser(t);
    const b = await buildUser(t);
    for (const kind of ['follow', 'comment', 'gift'] as const) {
      await t.starlit.services.notices.sendInteract({ recipientId: b.userId, kind, title: kind, content: `${kind} happened`, actorId: a.userId });
    }
    expect((await unread(b)).interact).toBe('3');
    const res = await t.call(c.interactRead, { all: true }, { as: b });
    expect(res.body.data.updated).toBe(3);
    expect((await unread(b)).interact).toBe('0');
  });

  it('folds notices on one target sent at once into one, counting the others, and keeps other targets apart', async () => {
    const recipient = await buildUser(t);
    const actors = await Promise.all(Array.from({ length: 6 }, () => buildUser(t)));
    const fold = { withinMs: 60_000 };
    const send = (actor: SignedIn, targetId: string) =>
      t.starlit.services.notices.sendInteract(
        { recipientId: recipient.userId, actorId: actor.userId, targetType: 'work', targetId, template: { kind: 'like', params: { actorName: actor.userName, workName: 'Moon' } } },
        { fold },
      );
    await Promise.all([...actors.map((a) => send(a, 'moon')), send(actors[0], 'sun')]);
    const items = (await t.ok(c.interactList, {}, { as: recipient })).items;
    expect(items.map((n) => [n.targetId, n.othersCount]).sort()).toEqual([
      ['moon', 5],
      ['sun', 0],
    ]);
    const moon = items.find((n) => n.targetId === 'moon');
    expect(moon?.title).toBe(`${moon?.actor?.userName} and 5 others liked your work`);
    const zh = (await t.ok(c.interactList, {}, { as: recipient, lang: 'zh_TW' })).items;
    expect(zh.find((n) => n.targetId === 'moon')).toMatchObject({ title: `${moon?.actor?.userName} 和其他 5 人喜歡了你的作品`, content: 'Moon' });
  });

  it('keeps an admin’s interactive notice as written, and writes a notice stored before templates from its actor', async () => {
    const admin = await buildAdmin(t);
    const actor = await buildUser(t);
    const u = await buildUser(t);
    await t.ok(c.createInteract, { userId: u.userId, kind: 'comment', title: 'Hello there', content: 'As written', actorId: actor.userId }, { as: admin });
    // what the follow feature stored before notices had templates: the follower's words
    await t.starlit.database.db
      .insert(interactNotices)
      .values({ recipientId: u.userId, actorId: actor.userId, kind: 'follow', title: '新粉絲', content: `${actor.userName} 開始追蹤你了`, targetType: 'user', targetId: actor.userId });
    const items = (await t.ok(c.interactList, {}, { as: u, lang: 'en_US' })).items;
    expect(items.map((n) => [n.kind, n.title, n.content])).toEqual([
      ['follow', `${actor.userName} followed you`, `${actor.userName} 開始追蹤你了`],
      ['comment', 'Hello there', 'As written'],
    ]);
  });

  it('refuses an unknown kind', async () => {
    const admin = await buildAdmin(t);
    const u = await buildUser(t);
    const res = await t.call(c.createInteract.path, { userId: u.userId, kind: 'poke', title: 't', content: 'c' }, { as: admin });
    expect(res.body.code).toBe(1001);
    expect(res.body.message).toContain('"kind"');
  });
});

describe('realtime', () => {
  it('pushes a notice event to the recipient over server-sent events', async () => {
    const admin = await buildAdmin(t);
    const u = await buildUser(t);
    const address = await t.starlit.app.listen({ port: 0, host: '127.0.0.1' });
    const controller = new AbortController();
    const res = await fetch(`${address}/ai/realtime`, { headers: { token: u.token }, signal: controller.signal });
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const events = openEvents(res);
    await events.opened();
    await t.ok(c.createUserSystem, { userId: u.userId, title: 'Ping', content: 'pong' }, { as: admin });
    expect(JSON.parse((await events.next('notice')).data)).toMatchObject({ box: 'system' });
    controller.abort();
  });

  it('refuses a realtime stream without a session', async () => {
    const res = await t.starlit.app.inject({ method: 'GET', url: '/ai/realtime' });
    expect(res.statusCode).toBe(401);
  });
});

describe('shutdown', () => {
  it('closes the server while a realtime stream is open', async () => {
    const own = await startTestServer();
    const u = await own.user();
    const address = await own.starlit.app.listen({ port: 0, host: '127.0.0.1' });
    const res = await fetch(`${address}/ai/realtime`, { headers: { token: u.token } });
    const reader = res.body!.getReader();
    await reader.read();
    await own.close();
    // the stream was ended by the server, not left hanging
    let done = false;
    while (!done) done = (await reader.read()).done;
    expect(done).toBe(true);
  });
});
