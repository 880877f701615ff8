import { calls } from '@starlit/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAgent, buildUser } from '../../../test/factories.ts';
import { startTestServer, type CallResult, type SignedIn, type TestServer } from '../../../test/server.ts';
import { OFFLINE_CHAT_ENGINE } from '../../ai/chat/index.ts';
import { agents } from '../../db/schema/index.ts';
import { detailOf, messagesOf, open, send, stream } from './chat.fixtures.ts';

// Conversations: who may open, read and delete them, the history and the hot list.
describe('conversations with the offline engine', () => {
  let t: TestServer;
  let me: SignedIn;
  let other: SignedIn;
  let agentId: string;
  beforeAll(async () => {
    // these tests send far more than a person would in a minute; the limit has its own test (chat-replies.test.ts)
    t = await startTestServer({ CHAT_SENDS_PER_MINUTE: '1000' });
    [me, other] = [await buildUser(t), await buildUser(t)];
    agentId = (await buildAgent(t, { owner: other })).id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('asks anonymous callers to log in, for sending and for everything that is theirs', async () => {
    for (const action of ['send', 'regenerate'] as const) {
      const res = await stream(t, null, action, { conversationId: crypto.randomUUID(), content: 'hi', messageId: crypto.randomUUID() });
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ code: 401, data: null, message: 'Please log in first' });
    }
    const c = calls.chat;
    for (const call of [c.open, c.history, c.messages, c.select, c.remove, c.voice, c.memories, c.memoryAdd, c.memoryUpdate, c.memoryDelete]) {
      expect((await t.call(call.path, {})).status, call.path).toBe(401);
    }
  });

  it("opens with the agent's opening line and says which engine answers", async () => {
    const chat = await open(t, me, agentId);
    expect(chat.messages).toHaveLength(1);
    expect(chat.messages[0]).toMatchObject({ role: 'agent', content: 'Hello, night traveller.', status: 'complete', parentId: null, suggestions: [] });
    expect(chat).toMatchObject({ leafId: chat.messages[0].id, offline: true, engine: OFFLINE_CHAT_ENGINE, agentHasVoice: false, preview: 'Hello, night traveller.' });
    const history = await t.call(calls.chat.history, {}, { as: me });
    expect(history.body.data.items[0]).toMatchObject({ id: chat.id, preview: 'Hello, night traveller.' });
  });

  it('resumes the latest conversation with the agent, and starts a new one only when asked', async () => {
    const [user, agent] = [await buildUser(t), (await buildAgent(t, { owner: other })).id];
    const openAgain = (fresh?: boolean) => t.ok(calls.chat.open, { agentId: agent, ...(fresh === undefined ? {} : { fresh }) }, { as: user });
    const first = await openAgain();
    expect(first.messages).toHaveLength(1);
    expect((await openAgain()).id).toBe(first.id);
    expect((await openAgain(false)).id).toBe(first.id);
    // conversations are ordered by activity time: keep the two apart even on a fast machine
    await new Promise((resolve) => setTimeout(resolve, 5));
    const fresh = await openAgain(true);
    expect(fresh.id).not.toBe(first.id);
    // the newest one is the latest now, until the first is talked in again
    expect((await openAgain()).id).toBe(fresh.id);
    await send(t, user, { conversationId: first.id, content: 'Back to you' });
    const resumed = await openAgain();
    expect(resumed.id).toBe(first.id);
    expect(resumed.messages.length).toBeGreaterThan(1);
    // another user's "Chat" never lands in this user's conversation
    expect((await t.ok(calls.chat.open, { agentId: agent }, { as: me })).id).not.toBe(first.id);
    expect((await t.ok(calls.chat.history, { agentId: agent }, { as: user })).items).toHaveLength(2);
  });

  it('refuses agents the caller cannot see', async () => {
    const draft = (await buildAgent(t, { owner: other, publishedAt: null })).id;
    const res = await t.call(calls.chat.open, { agentId: draft }, { as: me });
    expect(res.body).toMatchObject({ code: 6001, message: 'Agent not found' });
  });

  it("refuses another user's conversation everywhere (403) and changes nothing", async () => {
    const chat = await open(t, me, agentId);
    const opening = chat.messages[0].id;
    const memory = await t.ok(calls.chat.memoryAdd, { conversationId: chat.id, content: 'Likes Vega' }, { as: me });
    const as = { as: other };
    const attempts: Array<[string, () => Promise<CallResult>]> = [
      ['messages', () => t.call(calls.chat.messages, { conversationId: chat.id }, as)],
      ['select', () => t.call(calls.chat.select, { conversationId: chat.id, messageId: opening }, as)],
      ['delete', () => t.call(calls.chat.remove, { conversationIds: [chat.id] }, as)],
      ['voice', () => t.call(calls.chat.voice, { messageId: opening }, as)],
      ['memories', () => t.call(calls.chat.memories, { conversationId: chat.id }, as)],
      ['memory/add', () => t.call(calls.chat.memoryAdd, { conversationId: chat.id, content: 'Mine now' }, as)],
      ['memory/update', () => t.call(calls.chat.memoryUpdate, { id: memory.id, content: 'Changed' }, as)],
      ['memory/delete', () => t.call(calls.chat.memoryDelete, { id: memory.id }, as)],
    ];
    for (const [action, attempt] of attempts) {
      const res = await attempt();
      expect([res.status, res.body.code], action).toEqual([403, 403]);
    }
    for (const action of ['send', 'regenerate'] as const) {
      expect((await stream(t, other, action, { conversationId: chat.id, content: 'hello', messageId: opening })).status).toBe(403);
    }
    expect(await messagesOf(t, me, chat.id)).toHaveLength(1);
    const memories = await t.call(calls.chat.memories, { conversationId: chat.id }, { as: me });
    expect(memories.body.data.items.map((m) => m.content)).toEqual(['Likes Vega']);
  });

  it('deletes conversations all or none, and deleted ones are gone', async () => {
    const [a, b] = [await open(t, me, agentId), await open(t, me, agentId)];
    const theirs = await open(t, other, agentId);
    const refused = await t.call(calls.chat.remove, { conversationIds: [a.id, theirs.id] }, { as: me });
    expect(refused.status).toBe(403);
    expect((await detailOf(t, me, a.id)).id).toBe(a.id);

    const res = await t.call(calls.chat.remove, { conversationIds: [a.id, b.id] }, { as: me });
    expect(res.body.data.deleted).toBe(2);
    const history = await t.call(calls.chat.history, { limit: 100 }, { as: me });
    expect(history.body.data.items.map((i) => i.id)).not.toContain(a.id);
    expect(history.body.data.items.map((i) => i.id)).not.toContain(b.id);
    expect((await t.call(calls.chat.messages, { conversationId: a.id }, { as: me })).body).toMatchObject({ code: 7002 });
    expect((await t.call(calls.chat.remove, { conversationIds: [a.id] }, { as: me })).body).toMatchObject({ code: 7002 });
  });

  it('lists history by last activity, filtered by agent, page by page', async () => {
    const someone = await buildUser(t);
    const second = (await buildAgent(t, { owner: other, nickname: 'Sol' })).id;
    const older = await open(t, someone, agentId);
    const newer = await open(t, someone, second);
    await send(t, someone, { conversationId: older.id, content: 'Back again' });
    const page1 = await t.call(calls.chat.history, { limit: 1 }, { as: someone });
    expect(page1.body.data.items.map((i) => i.id)).toEqual([older.id]);
    const page2 = await t.call(calls.chat.history, { limit: 1, cursor: page1.body.data.nextCursor ?? undefined }, { as: someone });
    expect(page2.body.data.items.map((i) => i.id)).toEqual([newer.id]);
    const withSol = await t.call(calls.chat.history, { agentId: second }, { as: someone });
    expect(withSol.body.data.items.map((i) => i.id)).toEqual([newer.id]);
  });

  it('shows in the history the last thing said on the chosen branch', async () => {
    const chat = await open(t, me, agentId);
    const first = await send(t, me, { conversationId: chat.id, content: 'First question' });
    await stream(t, me, 'regenerate', { conversationId: chat.id, messageId: first.done!.messageId });
    const chosen = (await messagesOf(t, me, chat.id)).find((m) => m.id === first.done!.messageId)!;
    await t.call(calls.chat.select, { conversationId: chat.id, messageId: chosen.id }, { as: me });
    const history = await t.call(calls.chat.history, { limit: 100 }, { as: me });
    expect(history.body.data.items.find((i) => i.id === chat.id)?.preview).toBe(chosen.content);
  });

  it('ranks public agents by recent chat activity, newer activity weighing more', async () => {
    const fresh = (await buildAgent(t, { owner: other, nickname: 'Fresh' })).id;
    const stale = (await buildAgent(t, { owner: other, nickname: 'Stale' })).id;
    const hidden = (await buildAgent(t, { owner: other, nickname: 'Hidden', isPublic: false })).id;
    const chatter = await buildUser(t);
    const staleChat = await open(t, chatter, stale);
    for (const words of ['a', 'b', 'c']) await send(t, chatter, { conversationId: staleChat.id, content: words });
    // three messages three days old weigh 3 × 0.125 = 0.375: less than one message today
    await t.starlit.database.db.execute(sql`update chat_messages set created_at = now() - interval '3 days' where conversation_id = ${staleChat.id}`);
    await send(t, chatter, { conversationId: (await open(t, chatter, fresh)).id, content: 'hello' });
    await send(t, other, { conversationId: (await open(t, other, hidden)).id, content: 'mine' });

    const hot = await t.call(calls.chat.hot, { limit: 50 });
    const ids = hot.body.data.items.map((i) => i.agentId);
    expect(ids.indexOf(fresh)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(fresh)).toBeLessThan(ids.indexOf(stale));
    expect(ids).not.toContain(hidden);
    const staleItem = hot.body.data.items.find((i) => i.agentId === stale)!;
    expect(staleItem.heat).toBeCloseTo(0.375, 1);
    expect(staleItem.chatters).toBe(1);
    // agents nobody chatted with follow the ranked ones, so a new site still has a list
    const quiet = (await buildAgent(t, { owner: other, nickname: 'Quiet' })).id;
    const all = (await t.call(calls.chat.hot, { limit: 50 })).body.data.items;
    expect(all.find((i) => i.agentId === quiet)).toMatchObject({ heat: 0, lastChatAt: null });
    expect(all.findIndex((i) => i.agentId === quiet)).toBeGreaterThan(all.findIndex((i) => i.agentId === stale));
  });

  it('stops answering once the agent is made private or deleted, keeping the conversation readable', async () => {
    const hidden = (await buildAgent(t, { owner: other, nickname: 'Fading' })).id;
    const chat = await open(t, me, hidden);
    await t.starlit.database.db.update(agents).set({ isPublic: false }).where(eq(agents.id, hidden));
    expect((await send(t, me, { conversationId: chat.id, content: 'Still there?' })).body).toMatchObject({ code: 6001 });
    expect((await stream(t, me, 'regenerate', { conversationId: chat.id, messageId: chat.messages[0].id })).body).toMatchObject({ code: 6001 });
    await t.starlit.database.db.update(agents).set({ isPublic: true, deletedAt: new Date() }).where(eq(agents.id, hidden));
    expect((await send(t, me, { conversationId: chat.id, content: 'Hello?' })).body).toMatchObject({ code: 6001 });
    expect((await detailOf(t, me, chat.id)).messages).toHaveLength(1);
    // the owner may still talk to a private agent of theirs
    const own = (await buildAgent(t, { owner: me, nickname: 'Mine', isPublic: false, publishedAt: null })).id;
    expect((await send(t, me, { conversationId: (await open(t, me, own)).id, content: 'Hi me' })).done?.status).toBe('complete');
  });

  it('plays nothing for an agent without a voice', async () => {
    const chat = await open(t, me, agentId);
    const res = await t.call(calls.chat.voice, { messageId: chat.messages[0].id }, { as: me });
    expect(res.body).toMatchObject({ code: 7009, message: 'This agent has no voice to speak with' });
  });
});
