import { calls } from '@starlit/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/server.ts';

const P = '/ai/api/v1/message/notice';
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.close();
});

const unread = async (token: string) => (await t.call(calls.notices.unreadCount, {}, { token })).body.data;

describe('access', () => {
  const userCalls = [
    ['get_all_unread_count', {}],
    ['get_system_notice', {}],
    ['get_system_notice_detail', { id: '00000000-0000-4000-8000-000000000000' }],
    ['system_notice_read', { all: true }],
    ['interact_notice_list', {}],
    ['get_interact_notice_detail', { id: '00000000-0000-4000-8000-000000000000' }],
    ['interact_notice_read', { all: true }],
  ] as const;
  const adminCalls = [
    ['create_system_notice', { title: 'Hi', content: 'There' }],
    ['create_user_system_notice', { userId: '00000000-0000-4000-8000-000000000000', title: 'Hi', content: 'There' }],
    ['create_interact_notice', { userId: '00000000-0000-4000-8000-000000000000', kind: 'like', title: 'Hi', content: 'There' }],
  ] as const;

  it.each([...userCalls, ...adminCalls])('%s refuses anonymous callers with 401', async (name, body) => {
    const res = await t.call(`${P}/${name}`, body);
    expect(res.status).toBe(401);
    expect(res.body.code).toBe(401);
  });

  it('refuses a made-up token with 401 in the caller language', async () => {
    const res = await t.call(`${P}/get_all_unread_count`, {}, { token: 'not-a-real-token', lang: 'zh_TW' });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('請先登入');
  });

  it.each(adminCalls)('%s refuses a signed-in non-admin with 403', async (name, body) => {
    const u = await t.user();
    const res = await t.call(`${P}/${name}`, body, { token: u.token });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe(403);
  });
});

describe('system notices', () => {
  it('a broadcast reaches existing users, updates their unread count, and reads per user', async () => {
    const admin = await t.admin();
    const alice = await t.user();
    const bob = await t.user();
    expect(await unread(alice.token)).toEqual({ system: '1', interact: '0', all: '1' });

    const sent = await t.call(calls.notices.createSystem, { title: 'Maintenance', content: 'Tonight at 2am' }, { token: admin.token });
    expect(sent.body.code).toBe(0);
    expect(sent.body.data.audience).toBe('everyone');

    expect(await unread(alice.token)).toEqual({ system: '2', interact: '0', all: '2' });
    const list = await t.call(calls.notices.systemList, {}, { token: alice.token });
    expect(list.body.data.items.map((n) => n.title)).toEqual(['Maintenance', expect.stringContaining('Welcome')]);
    expect(list.body.data.items[0].read).toBe(false);

    const detail = await t.call(calls.notices.systemDetail, { id: sent.body.data.id }, { token: alice.token });
    expect(detail.body.data).toMatchObject({ title: 'Maintenance', content: 'Tonight at 2am', read: true });
    expect(await unread(alice.token)).toEqual({ system: '1', interact: '0', all: '1' });
    // Bob's copy stays unread.
    expect((await unread(bob.token)).system).toBe('2');
  });

  it('welcomes a new account in the language it signed up in', async () => {
    const row = await t.starlit.services.auth.signUp(`zh${Date.now().toString(36)}`, 'correct horse battery', 'zh_TW');
    const u = await t.user(row.userName);
    const list = await t.call(calls.notices.systemList, {}, { token: u.token });
    expect(list.body.data.items.map((n) => n.title)).toEqual(['歡迎來到 Starlit']);
  });

  it('a new user does not inherit broadcasts sent before they joined', async () => {
    const admin = await t.admin();
    await t.call(`${P}/create_system_notice`, { title: 'Old news', content: 'Before you came' }, { token: admin.token });
    const late = await t.user();
    const list = await t.call(calls.notices.systemList, {}, { token: late.token });
    expect(list.body.data.items.map((n) => n.title)).not.toContain('Old news');
  });

  it('a notice to one user is visible to that user only', async () => {
    const admin = await t.admin();
    const carol = await t.user();
    const dave = await t.user();
    const sent = await t.call(calls.notices.createUserSystem, { userId: carol.userId, title: 'For Carol', content: 'Only you' }, { token: admin.token });
    expect(sent.body.data.audience).toBe('user');
    const other = await t.call(`${P}/get_system_notice_detail`, { id: sent.body.data.id }, { token: dave.token });
    expect(other.body.code).toBe(3001);
    expect(other.body.message).toBe('Notice not found');
    const mine = await t.call(calls.notices.systemDetail, { id: sent.body.data.id }, { token: carol.token });
    expect(mine.body.data.title).toBe('For Carol');
  });

  it('sending to an unknown user is refused with a clear message and creates nothing', async () => {
    const admin = await t.admin();
    const res = await t.call(`${P}/create_user_system_notice`, { userId: '00000000-0000-4000-8000-000000000000', title: 'x', content: 'y' }, { token: admin.token, lang: 'zh_TW' });
    expect(res.body).toMatchObject({ code: 2006, message: '找不到使用者' });
  });

  it('mark all read clears the system count and answers how many changed', async () => {
    const admin = await t.admin();
    const erin = await t.user();
    await t.call(`${P}/create_system_notice`, { title: 'A', content: 'a' }, { token: admin.token });
    await t.call(`${P}/create_system_notice`, { title: 'B', content: 'b' }, { token: admin.token });
    const res = await t.call(calls.notices.systemRead, { all: true }, { token: erin.token });
    expect(res.body.data.updated).toBe(3);
    expect((await unread(erin.token)).system).toBe('0');
    const again = await t.call(calls.notices.systemRead, { all: true }, { token: erin.token });
    expect(again.body.data.updated).toBe(0);
  });

  it('marks a single notice read and refuses a notice that is not yours', async () => {
    const admin = await t.admin();
    const frank = await t.user();
    const gina = await t.user();
    const sent = await t.call(calls.notices.createUserSystem, { userId: gina.userId, title: 'G', content: 'g' }, { token: admin.token });
    const refused = await t.call(`${P}/system_notice_read`, { id: sent.body.data.id }, { token: frank.token });
    expect(refused.body.code).toBe(3001);
    const ok = await t.call(calls.notices.systemRead, { id: sent.body.data.id }, { token: gina.token });
    expect(ok.body.data.updated).toBe(1);
  });

  it('pages with a cursor without repeats or gaps', async () => {
    const admin = await t.admin();
    const reader = await t.user();
    for (let i = 0; i < 7; i++) {
      await t.call(`${P}/create_user_system_notice`, { userId: reader.userId, title: `N${i}`, content: 'c' }, { token: admin.token });
    }
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const res = await t.call(calls.notices.systemList, { limit: 3, cursor }, { token: reader.token });
      seen.push(...res.body.data.items.map((n) => n.title));
      cursor = res.body.data.nextCursor ?? undefined;
    } while (cursor);
    expect(seen.filter((s) => s.startsWith('N'))).toEqual(['N6', 'N5', 'N4', 'N3', 'N2', 'N1', 'N0']);
    expect(seen).toHaveLength(8);
  });

  it('refuses bad input with a localized message naming the field and stores nothing', async () => {
    const admin = await t.admin();
    const before = await t.call(calls.notices.systemList, { limit: 100 }, { token: admin.token });
    const en = await t.call(`${P}/create_system_notice`, { title: '', content: 'x' }, { token: admin.token });
    expect(en.status).toBe(200);
    expect(en.body.code).toBe(1001);
    expect(en.body.message).toContain('"title"');
    const zh = await t.call(`${P}/create_system_notice`, { title: 'ok', content: 42 }, { token: admin.token, lang: 'zh_TW' });
    expect(zh.body.code).toBe(1001);
    expect(zh.body.message).toContain('欄位「content」');
    const after = await t.call(calls.notices.systemList, { limit: 100 }, { token: admin.token });
    expect(after.body.data.items).toHaveLength(before.body.data.items.length);
  });

  it('refuses a damaged cursor as invalid input', async () => {
    const u = await t.user();
    const res = await t.call(`${P}/get_system_notice`, { cursor: 'garbage' }, { token: u.token });
    expect(res.body.code).toBe(1001);
    const crafted = Buffer.from('2020-01-01T00:00:00Z|x').toString('base64url');
    for (const path of ['get_system_notice', 'interact_notice_list']) {
      const again = await t.call(`${P}/${path}`, { cursor: crafted }, { token: u.token });
      expect(again.status).toBe(200);
      expect(again.body.code).toBe(1001);
    }
  });

  it('read needs exactly one of id or all', async () => {
    const u = await t.user();
    const none = await t.call(`${P}/system_notice_read`, {}, { token: u.token });
    expect(none.body.code).toBe(1001);
    const both = await t.call(`${P}/system_notice_read`, { id: '00000000-0000-4000-8000-000000000000', all: true }, { token: u.token });
    expect(both.body.code).toBe(1001);
  });
});

describe('interactive notices', () => {
  it('admin sends one with an actor; the recipient sees it, reads it, and the counts follow', async () => {
    const admin = await t.admin();
    const actor = await t.user();
    const target = await t.user();
    const sent = await t.call(
      calls.notices.createInteract,
      { userId: target.userId, kind: 'like', title: 'New like', content: 'liked your work', actorId: actor.userId, targetType: 'work', targetId: 'w1' },
      { token: admin.token },
    );
    expect(sent.body.code).toBe(0);
    expect(sent.body.data.actor).toMatchObject({ userId: actor.userId, userName: actor.userName });
    expect(await unread(target.token)).toEqual({ system: '1', interact: '1', all: '2' });

    const list = await t.call(calls.notices.interactList, {}, { token: target.token });
    expect(list.body.data.items).toHaveLength(1);
    expect(list.body.data.items[0]).toMatchObject({ kind: 'like', read: false });

    const otherUser = await t.call(`${P}/get_interact_notice_detail`, { id: sent.body.data.id }, { token: actor.token });
    expect(otherUser.body.code).toBe(3001);

    const detail = await t.call(calls.notices.interactDetail, { id: sent.body.data.id }, { token: target.token });
    expect(detail.body.data.read).toBe(true);
    expect((await unread(target.token)).interact).toBe('0');
  });

  it('features send interactive notices from the server, and mark-all-read clears them', async () => {
    const a = await t.user();
    const b = await t.user();
    for (const kind of ['follow', 'comment', 'gift'] as const) {
      await t.starlit.services.notices.sendInteract({ recipientId: b.userId, kind, title: kind, content: `${kind} happened`, actorId: a.userId });
    }
    expect((await unread(b.token)).interact).toBe('3');
    const res = await t.call(calls.notices.interactRead, { all: true }, { token: b.token });
    expect(res.body.data.updated).toBe(3);
    expect((await unread(b.token)).interact).toBe('0');
  });

  it('refuses an unknown kind', async () => {
    const admin = await t.admin();
    const u = await t.user();
    const res = await t.call(`${P}/create_interact_notice`, { userId: u.userId, kind: 'poke', title: 't', content: 'c' }, { token: admin.token });
    expect(res.body.code).toBe(1001);
    expect(res.body.message).toContain('"kind"');
  });
});

describe('realtime', () => {
  it('pushes a notice event to the recipient over server-sent events', async () => {
    const admin = await t.admin();
    const u = await t.user();
    const address = await t.starlit.app.listen({ port: 0, host: '127.0.0.1' });
    const controller = new AbortController();
    const res = await fetch(`${address}/ai/realtime`, { headers: { token: u.token }, signal: controller.signal });
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const reader = res.body!.getReader();
    await reader.read();
    await t.call(`${P}/create_user_system_notice`, { userId: u.userId, title: 'Ping', content: 'pong' }, { token: admin.token });
    let text = '';
    while (!text.includes('event: notice')) {
      const { value } = await reader.read();
      text += new TextDecoder().decode(value);
    }
    expect(text).toContain('"box":"system"');
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
