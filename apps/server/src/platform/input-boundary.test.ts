import { randomUUID } from 'node:crypto';
import { allCalls, calls, ErrorCode, type CallDef } from '@starlit/contract';
import { encodeCursor, encodeScoreCursor } from '@starlit/contract/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAgent, buildConversation, buildIdentity, buildInteractNotice, buildSystemNotice, buildVoice } from '../../test/factories.ts';
import { hasStrings, sampleInput, stringsIn, withString } from '../../test/contract-samples.ts';
import { startTestServer, type SignedIn, type TestServer } from '../../test/server.ts';
import { voiceWav } from '../../test/voice-clips.ts';

let t: TestServer;
let admin: SignedIn;
beforeAll(async () => {
  t = await startTestServer();
  admin = await t.admin();
});
afterAll(async () => {
  await t?.close();
});

const unstorable = [
  ['a NUL', (text: string) => `${text.slice(0, 1)}\u0000${text.slice(1)}`],
  ['a lone surrogate', (text: string) => `${text}\ud800`],
] as const;

// deleting calls go last, so the rows the others name are still there
const ordered = allCalls()
  .filter((call) => hasStrings(call.input))
  .sort((a, b) => Number(a.path.endsWith('delete')) - Number(b.path.endsWith('delete')));

describe('text the database cannot store, in every string of every call', () => {
  // real rows of the admin (who may make every call), so the strings reach the services
  let idFor: (call: CallDef) => (key: string) => string;
  beforeAll(async () => {
    const agent = await buildAgent(t, { owner: admin, isPublic: false, publishedAt: null });
    const conversation = await buildConversation(t, { user: admin, agentId: agent.id });
    const memory = await t.ok(calls.chat.memoryAdd, { conversationId: conversation.id, content: 'Likes tea' }, { as: admin });
    const identity = await buildIdentity(t, admin);
    const voice = await buildVoice(t, { owner: admin });
    const system = await buildSystemNotice(t, { recipient: admin });
    const interact = await buildInteractNotice(t, admin);
    const byKey: Record<string, string> = {
      agentId: agent.id,
      conversationId: conversation.id,
      conversationIds: conversation.id,
      messageId: conversation.messages[0].id,
      voiceId: voice.id,
      userId: admin.userId,
      actorId: admin.userId,
    };
    const byPath: Array<[string, string]> = [
      ['/agent/identity/', identity.id],
      ['/chat/memory/', memory.id],
      ['/voice/', voice.id],
      ['/message/notice/interact', interact.id],
      ['/message/notice/', system.id],
      ['/agent/', agent.id],
    ];
    idFor = (call) => (key) => byKey[key] ?? byPath.find(([part]) => call.path.includes(part))?.[1] ?? randomUUID();
  });

  const clip = voiceWav({ seconds: 5, sampleRate: 44_100 }).toString('base64');

  it.each(ordered.map((call) => [call.path, call] as const))('%s never answers 500', async (_path, call) => {
    const sample = sampleInput(call.input, idFor(call), (key) => (key === 'audio' ? clip : undefined));
    const crashed: string[] = [];
    for (const { path, value } of stringsIn(sample)) {
      for (const [what, spoil] of unstorable) {
        const res = await t.call(call.path, withString(sample, path, spoil(value)), { as: admin });
        if (res.status >= 500 || res.body.code === ErrorCode.INTERNAL) crashed.push(`${what} in ${path.join('.')}: ${res.status} ${res.body.message}`);
      }
    }
    expect(crashed).toEqual([]);
  });
});

describe('text is stored without what the database cannot keep', () => {
  it('drops NUL from agent fields and tags, identities, notices and voice names', async () => {
    const agent = await t.ok(calls.agents.create, { nickname: 'Lu\u0000na', roleSetting: 'You are\u0000 Luna.', opening: 'Hi\u0000' }, { as: admin });
    expect(agent).toMatchObject({ nickname: 'Luna', roleSetting: 'You are Luna.', opening: 'Hi' });
    const tagged = await t.ok(calls.agents.setTags, { id: agent.id, tags: ['st\u0000ars', 'night'] }, { as: admin });
    expect(tagged.tags).toEqual(['stars', 'night']);
    const identity = await t.ok(calls.identities.create, { name: 'Mi\u0000a', gender: 'Female', background: 'Plays\u0000 violin', isGlobal: true }, { as: admin });
    expect(identity).toMatchObject({ name: 'Mia', background: 'Plays violin' });
    const notice = await t.ok(calls.notices.createSystem, { title: 'Up\u0000date', content: 'New\u0000 things' }, { as: admin });
    expect(notice).toMatchObject({ title: 'Update', content: 'New things' });
    const voice = await t.ok(calls.voices.clone, { name: 'My\u0000 voice', gender: 'Female', audio: voiceWav({ seconds: 5, sampleRate: 44_100 }).toString('base64') }, { as: admin });
    expect(voice.name).toBe('My voice');
  });

  it('refuses a field that was nothing but NUL with the field named, in the caller language', async () => {
    const res = await t.call(calls.agents.create, { nickname: '\u0000' }, { as: admin, lang: 'zh_TW' });
    expect(res.body).toMatchObject({ code: ErrorCode.VALIDATION, message: '欄位「nickname」：名稱為必填' });
  });

  it('replaces lone surrogates so what is checked is what is stored', async () => {
    const agent = await t.ok(calls.agents.create, { nickname: 'Star\ud800' }, { as: admin });
    expect(agent.nickname).toBe('Star\ufffd');
  });

  it('cleans keys too, and a key that becomes __proto__ sets no prototype', async () => {
    const res = await t.call(calls.agents.create.path, '{"nickname":"Luna","__pro\\u0000to__":{"isPublic":true}}', { as: admin });
    expect(res.body.code).toBe(0);
    expect(({} as Record<string, unknown>).isPublic).toBeUndefined();
  });

  it('cleans query strings and cookies', async () => {
    const authorize = await t.starlit.app.inject({ method: 'GET', url: '/ai/api/v1/auth/authorize?return_to=%2F%00x' });
    expect(authorize.statusCode).toBeLessThan(500);
    const exchange = await t.call(calls.auth.codeToToken, { code: 'nothing' }, { cookie: 'starlit_auth_state=a%00b' });
    expect(exchange.status).toBeLessThan(500);
    expect(exchange.body.code).not.toBe(ErrorCode.INTERNAL);
  });
});

describe('the passport forms', () => {
  it('take a NUL in any field without failing', async () => {
    const page = await t.starlit.app.inject({ method: 'GET', url: '/passport/' });
    const csrf = /name="csrf" value="([^"]+)"/.exec(page.body)?.[1] ?? '';
    const cookie = (page.headers['set-cookie'] as string[] | string | undefined) ?? [];
    const cookies = (Array.isArray(cookie) ? cookie : [cookie]).map((c) => c.split(';')[0]).join('; ');
    for (const [path, fields] of [
      ['/passport/signin', { username: 'ad\u0000min', password: 'x\u0000' }],
      ['/passport/signup', { username: 'new\u0000comer', password: 'correct horse\u0000 battery', confirm: 'correct horse\u0000 battery' }],
    ] as const) {
      const res = await t.starlit.app.inject({
        method: 'POST',
        url: path,
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: cookies },
        payload: new URLSearchParams({ ...fields, csrf }).toString(),
      });
      expect(res.statusCode, path).toBeLessThan(500);
    }
  });
});

describe('list cursors', () => {
  const id = randomUUID();
  const b64 = (text: string) => Buffer.from(text).toString('base64url');
  const crafted = [
    ['an out-of-range date', b64(`+275760-09-13T00:00:00.000Z|${id}`)],
    ['a date before year 1', b64(`-000001-01-01T00:00:00.000Z|${id}`)],
    ['garbage that is not base64', '%%%not base64%%%'],
    ['the wrong shape', b64(`${id}|2026-01-01T00:00:00.000Z`)],
    ['huge numbers', b64(`99999999999999999999|${'9'.repeat(36)}`)],
    ['a time without an id', b64('2026-01-01T00:00:00.000Z')],
  ] as const;
  const paged = allCalls().filter((call) => 'cursor' in ((call.input as { shape?: object }).shape ?? {}));

  it('are on every paged list', () => {
    expect(paged.map((call) => call.path)).toEqual(expect.arrayContaining([calls.home.feed.path, calls.agents.publicList.path, calls.chat.history.path]));
  });

  it.each(paged.map((call) => [call.path, call] as const))('%s refuses crafted cursors with the field named', async (_path, call) => {
    const base = sampleInput(call.input, () => randomUUID()) as Record<string, unknown>;
    for (const [what, cursor] of crafted) {
      for (const as of [admin, null]) {
        const res = await t.call(call.path, { ...base, cursor }, { as });
        if (call.access !== 'public' && !as) {
          expect(res.status, what).toBe(401);
          continue;
        }
        expect({ what, status: res.status, body: res.body }).toMatchObject({
          what,
          status: 200,
          body: { code: ErrorCode.VALIDATION, message: 'Field "cursor": This place in the list is not valid: reload the list' },
        });
      }
    }
    const zh = await t.call(call.path, { ...base, cursor: crafted[0][1] }, { as: admin, lang: 'zh_TW' });
    expect(zh.body.message).toBe('欄位「cursor」：列表位置無效：請重新載入列表');
    // a cursor the server could have written is taken: a time one, or a scored one for ranked
    // lists (a list of a thing, as the comments of a work, may still answer that its random id
    // names nothing, but never that the cursor is invalid)
    const written = [encodeCursor(new Date(), id), encodeScoreCursor(1.5, new Date(), id)];
    const answers = await Promise.all(written.map((cursor) => t.call(call.path, { ...base, cursor }, { as: admin })));
    expect(answers.some((a) => a.status === 200 && a.body.code !== ErrorCode.VALIDATION)).toBe(true);
  });
});
