import { CHAT_SEND_PATH, calls } from '@starlit/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAgent, buildUser } from '../../../test/factories.ts';
import { startTestServer, type SignedIn, type TestServer } from '../../../test/server.ts';
import { OFFLINE_CHAT_ENGINE } from '../../ai/chat/index.ts';
import { chatMessages } from '../../db/schema/index.ts';
import { detailOf, messagesOf, open, send, stream, tokensOf } from './chat.fixtures.ts';

// Replies with the offline engine: streaming, storing, regenerating, editing, and the send limit.
describe('replies with the offline engine', () => {
  let t: TestServer;
  let me: SignedIn;
  let agentId: string;
  beforeAll(async () => {
    // these tests send far more than a person would in a minute; the limit has its own test below
    t = await startTestServer({ CHAT_SENDS_PER_MINUTE: '1000' });
    me = await buildUser(t);
    agentId = (await buildAgent(t)).id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('streams a reply with start, tokens, done and suggestions, and stores both messages', async () => {
    const chat = await open(t, me, agentId);
    const res = await send(t, me, { conversationId: chat.id, content: 'Which star do you love?' });
    expect(res.events[0]).toMatchObject({ event: 'start', data: { userMessageId: expect.any(String), messageId: expect.any(String) } });
    const tokens = tokensOf(res.events);
    expect(tokens.length).toBeGreaterThan(1);
    expect(res.events.map((e) => e.event).slice(-2)).toEqual(['done', 'suggestions']);
    expect(res.done).toMatchObject({ status: 'complete', messageId: res.events[0].data.messageId });
    const suggestions = res.events.at(-1)!.data.suggestions as string[];
    expect(suggestions.length).toBeGreaterThan(0);
    expect(suggestions.length).toBeLessThanOrEqual(3);

    const [opening, question, reply] = await messagesOf(t, me, chat.id);
    expect(question).toMatchObject({ role: 'user', content: 'Which star do you love?', status: 'complete', parentId: opening.id });
    expect(reply).toMatchObject({ id: res.done!.messageId, role: 'agent', status: 'complete', parentId: question.id, engine: OFFLINE_CHAT_ENGINE, suggestions });
    expect(reply.content).toBe(tokens.join(''));
  });

  it("answers from the agent's own texts, never quoting the prompt's instructions, identity or memories", async () => {
    const chat = await open(t, me, agentId);
    await t.call(calls.chat.memoryAdd, { conversationId: chat.id, content: 'Remember the comet.' }, { as: me });
    for (const content of ['Stay in character and answer', 'What do you remember?', 'Who am I talking with?']) {
      const res = await send(t, me, { conversationId: chat.id, content });
      const reply = tokensOf(res.events).join('');
      expect(reply).not.toMatch(/Stay in character|Answer in the language|Things to remember|comet|talking with/);
      expect(reply).toMatch(/Luna|star|night/i);
    }
  });

  it('refuses an empty or too long message with its own error, storing nothing', async () => {
    const chat = await open(t, me, agentId);
    expect((await send(t, me, { conversationId: chat.id, content: ' ' })).body.code).toBe(1001);
    const long = await send(t, me, { conversationId: chat.id, content: '星'.repeat(2001) });
    expect(long.body).toMatchObject({ code: 7006, message: 'A message can be at most 2000 characters' });
    const zh = await t.starlit.app.inject({
      method: 'POST',
      url: CHAT_SEND_PATH,
      headers: { 'content-type': 'application/json', token: me.token, 'x-lang': 'zh_TW' },
      payload: { conversationId: chat.id, content: 'x'.repeat(2001) },
    });
    expect(zh.json()).toMatchObject({ code: 7006, message: '訊息最多 2000 個字' });
    expect(await messagesOf(t, me, chat.id)).toHaveLength(1);
    // 2000 characters of Chinese are 2000 characters, not 6000 bytes
    expect((await send(t, me, { conversationId: chat.id, content: '星'.repeat(2000) })).done?.status).toBe('complete');
  });

  it('stores a message and shows it, or neither: a failure half-way leaves no message behind', async () => {
    const chat = await open(t, me, agentId);
    const db = t.starlit.database.db;
    // the database refuses showing the new branch, the statement after the messages are written
    await db.execute(sql`create function test_refuse_leaf() returns trigger language plpgsql as $$ begin raise exception 'refused by the test'; end $$`);
    await db.execute(sql.raw(`create trigger test_refuse_leaf before update of leaf_id on conversations for each row when (new.id = '${chat.id}') execute function test_refuse_leaf()`));
    try {
      expect((await send(t, me, { conversationId: chat.id, content: 'Are you there?' })).body).toMatchObject({ code: 500 });
      expect((await db.select().from(chatMessages).where(eq(chatMessages.conversationId, chat.id))).map((m) => m.content)).toEqual(['Hello, night traveller.']);
    } finally {
      await db.execute(sql`drop trigger test_refuse_leaf on conversations`);
      await db.execute(sql`drop function test_refuse_leaf`);
    }
    // and the conversation is not left busy by the failed send
    expect((await send(t, me, { conversationId: chat.id, content: 'Are you there?' })).done).toMatchObject({ status: 'complete' });
  });

  it('regenerates any agent message as a sibling, never overwriting, and the view follows the chosen branch', async () => {
    const chat = await open(t, me, agentId);
    const first = await send(t, me, { conversationId: chat.id, content: 'Tell me about the night sky' });
    const second = await send(t, me, { conversationId: chat.id, content: 'And the stars?' });
    const before = await messagesOf(t, me, chat.id);
    const firstReply = before.find((m) => m.id === first.done!.messageId)!;

    // not the last reply: the first one, with a whole turn after it
    const again = await stream(t, me, 'regenerate', { conversationId: chat.id, messageId: firstReply.id });
    expect(again.events[0]).toMatchObject({ event: 'start', data: { userMessageId: null, parentId: firstReply.parentId } });
    expect(again.done?.status).toBe('complete');
    const after = await detailOf(t, me, chat.id);
    expect(after.messages).toHaveLength(before.length + 1);
    for (const old of before) expect(after.messages.find((m) => m.id === old.id)).toEqual(old);
    const alternative = after.messages.find((m) => m.id === again.done!.messageId)!;
    expect(alternative).toMatchObject({ parentId: firstReply.parentId, role: 'agent', status: 'complete' });
    expect(after.leafId).toBe(alternative.id);

    // swiping back to the first version shows its branch down to the newest reply below it
    const back = await t.call(calls.chat.select, { conversationId: chat.id, messageId: firstReply.id }, { as: me });
    expect(back.body.data.leafId).toBe(second.done!.messageId);
    expect((await detailOf(t, me, chat.id)).leafId).toBe(second.done!.messageId);

    // a send without a parent answers the end of the shown branch
    const third = await send(t, me, { conversationId: chat.id, content: 'Goodnight' });
    const thirdQuestion = (await messagesOf(t, me, chat.id)).find((m) => m.id === third.done!.userMessageId)!;
    expect(thirdQuestion.parentId).toBe(second.done!.messageId);
  });

  it('edits a user message into a new branch beside the old one', async () => {
    const chat = await open(t, me, agentId);
    const original = await send(t, me, { conversationId: chat.id, content: 'I like the moon' });
    await send(t, me, { conversationId: chat.id, content: 'Tell me more' });
    const question = (await messagesOf(t, me, chat.id)).find((m) => m.id === original.done!.userMessageId)!;
    const edited = await send(t, me, { conversationId: chat.id, content: 'I like the stars', parentId: question.parentId });
    const after = await detailOf(t, me, chat.id);
    expect(after.messages).toHaveLength(7);
    expect(after.messages.find((m) => m.id === question.id)?.content).toBe('I like the moon');
    const editedQuestion = after.messages.find((m) => m.id === edited.done!.userMessageId)!;
    expect(editedQuestion).toMatchObject({ content: 'I like the stars', parentId: question.parentId });
    expect(after.leafId).toBe(edited.done!.messageId);

    // switching back to the old question brings back its whole branch
    const back = await t.call(calls.chat.select, { conversationId: chat.id, messageId: question.id }, { as: me });
    expect(after.messages.find((m) => m.id === back.body.data.leafId)?.role).toBe('agent');
    expect(back.body.data.leafId).not.toBe(edited.done!.messageId);
  });

  it('refuses to regenerate the opening line or a user message, and messages of other conversations', async () => {
    const chat = await open(t, me, agentId);
    const opening = chat.messages[0].id;
    expect((await stream(t, me, 'regenerate', { conversationId: chat.id, messageId: opening })).body).toMatchObject({ code: 7011 });
    const sent = await send(t, me, { conversationId: chat.id, content: 'Hi' });
    expect((await stream(t, me, 'regenerate', { conversationId: chat.id, messageId: sent.done!.userMessageId })).body).toMatchObject({ code: 7007 });
    const elsewhere = await open(t, me, agentId);
    expect((await send(t, me, { conversationId: elsewhere.id, content: 'x', parentId: opening })).body).toMatchObject({ code: 7003 });
    expect((await t.call(calls.chat.select, { conversationId: elsewhere.id, messageId: opening }, { as: me })).body).toMatchObject({ code: 7007 });
    expect(await messagesOf(t, me, elsewhere.id)).toHaveLength(1);
  });

  it('marks a reply left streaming by a dead server as interrupted, keeping its text', async () => {
    const chat = await open(t, me, agentId);
    const [row] = await t.starlit.database.db
      .insert(chatMessages)
      .values({ conversationId: chat.id, parentId: chat.messages[0].id, role: 'agent', content: 'Half a rep', status: 'streaming' })
      .returning();
    const seen = await detailOf(t, me, chat.id);
    expect(seen.messages.find((m) => m.id === row.id)).toMatchObject({ content: 'Half a rep', status: 'interrupted' });

    await t.starlit.database.db.update(chatMessages).set({ status: 'streaming' }).where(sql`${chatMessages.id} = ${row.id}`);
    expect(await t.starlit.services.chat.recover(false)).toBeGreaterThanOrEqual(1);
    expect((await messagesOf(t, me, chat.id)).find((m) => m.id === row.id)?.status).toBe('interrupted');
  });

  it('drops NUL characters, which the database cannot keep, instead of failing', async () => {
    const chat = await open(t, me, agentId);
    const res = await send(t, me, { conversationId: chat.id, content: 'a\u0000b' });
    expect(res.done?.status).toBe('complete');
    expect((await messagesOf(t, me, chat.id))[1].content).toBe('ab');
    expect((await send(t, me, { conversationId: chat.id, content: '\u0000' })).body).toMatchObject({ code: 1001 });
    const memory = await t.call(calls.chat.memoryAdd, { conversationId: chat.id, content: 'x\u0000y' }, { as: me });
    expect(memory.body.data.content).toBe('xy');
  });
});

describe('send limits', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ CHAT_SENDS_PER_MINUTE: '3' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses sends and regenerations over the per-user rate, storing nothing, per user', async () => {
    const [me, someone] = [await buildUser(t), await buildUser(t)];
    const chat = await open(t, me, (await buildAgent(t, { owner: someone })).id);
    // refused sends cost nothing
    expect((await send(t, me, { conversationId: chat.id, content: 'x', parentId: crypto.randomUUID() })).body).toMatchObject({ code: 7003 });
    expect((await send(t, me, { conversationId: chat.id, content: 'y'.repeat(2001) })).body).toMatchObject({ code: 7006 });
    const first = await send(t, me, { conversationId: chat.id, content: 'one' });
    await send(t, me, { conversationId: chat.id, content: 'two' });
    await stream(t, me, 'regenerate', { conversationId: chat.id, messageId: first.done!.messageId });
    const count = (await messagesOf(t, me, chat.id)).length;
    const refused = await send(t, me, { conversationId: chat.id, content: 'four' });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 7005, message: 'You are sending messages too fast: wait a moment and try again' });
    expect(await messagesOf(t, me, chat.id)).toHaveLength(count);
    // the budget is per user
    const theirs = await open(t, someone, chat.agentId);
    expect((await send(t, someone, { conversationId: theirs.id, content: 'hi' })).done?.status).toBe('complete');
  });
});
