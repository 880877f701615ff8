import { calls } from '@starlit/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OFFLINE_CHAT_ENGINE } from '../../ai/chat/index.ts';
import { agents, chatMessages, jobs } from '../../db/schema/index.ts';
import { startTestServer, type SignedIn, type TestServer } from '../../../test/server.ts';
import { buildAgent } from '../../../test/factories.ts';
import { C, detailOf, messagesOf, open, send, stream, tokensOf, type Detail } from './chat.fixtures.ts';

describe('chat room with the offline engine', () => {
  let t: TestServer;
  let me: SignedIn;
  let other: SignedIn;
  let agentId: string;
  beforeAll(async () => {
    // these tests send far more than a person would in a minute; the limit has its own test
    t = await startTestServer({ CHAT_SENDS_PER_MINUTE: '1000' });
    [me, other] = [await t.user(), await t.user()];
    agentId = (await buildAgent(t, { owner: other })).id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('summarizes every six turns into memories in a background job, once per turn span', async () => {
    const chat = await open(t, me, agentId);
    const memoriesOf = async () => (await t.call<{ items: Array<{ content: string; source: string }> }>(C('memories'), { conversationId: chat.id }, { token: me.token })).body.data.items;
    const lines = ['Hi, my name is Mia.', 'I love your songs.', 'I play the violin.', 'What are you doing?', 'Tell me a story.', 'Good night.'];
    for (const content of lines) expect((await send(t, me.token, { conversationId: chat.id, content })).done?.status).toBe('complete');
    const summaryJobs = async () =>
      (await t.starlit.database.db.select().from(jobs).where(eq(jobs.kind, 'chat.memories'))).filter((j) => (j.payload as { conversationId: string }).conversationId === chat.id);
    // one job per complete reply; the sixth one's summary lands after its stream ended
    for (let i = 0; i < 200 && (await summaryJobs()).some((j) => j.status !== 'done'); i++) await new Promise((r) => setTimeout(r, 25));
    expect((await summaryJobs()).map((j) => j.status)).toEqual(Array(6).fill('done'));
    const summaries = (await memoriesOf()).filter((m) => m.source === 'summary');
    expect(summaries.length).toBeGreaterThan(0);
    expect(summaries.map((m) => m.content).join(' ')).toContain('Mia');
    // a seventh turn is not enough for another summary
    await send(t, me.token, { conversationId: chat.id, content: 'One more thing.' });
    for (let i = 0; i < 200 && (await summaryJobs()).some((j) => j.status !== 'done'); i++) await new Promise((r) => setTimeout(r, 25));
    expect((await memoriesOf()).filter((m) => m.source === 'summary')).toHaveLength(summaries.length);
  });

  it('asks anonymous callers to log in, for sending and for everything that is theirs', async () => {
    for (const action of ['send', 'regenerate'] as const) {
      const res = await stream(t, null, action, { conversationId: crypto.randomUUID(), content: 'hi', messageId: crypto.randomUUID() });
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ code: 401, data: null, message: 'Please log in first' });
    }
    for (const action of ['open', 'history', 'messages', 'select', 'delete', 'voice', 'memories', 'memory/add', 'memory/update', 'memory/delete']) {
      expect((await t.call(C(action), {})).status, action).toBe(401);
    }
  });

  it("opens with the agent's opening line and says which engine answers", async () => {
    const chat = await open(t, me, agentId);
    expect(chat.messages).toHaveLength(1);
    expect(chat.messages[0]).toMatchObject({ role: 'agent', content: 'Hello, night traveller.', status: 'complete', parentId: null, suggestions: [] });
    expect(chat).toMatchObject({ leafId: chat.messages[0].id, offline: true, engine: OFFLINE_CHAT_ENGINE, agentHasVoice: false, preview: 'Hello, night traveller.' });
    const history = await t.call(calls.chat.history, {}, { token: me.token });
    expect(history.body.data.items[0]).toMatchObject({ id: chat.id, preview: 'Hello, night traveller.' });
  });

  it('resumes the latest conversation with the agent, and starts a new one only when asked', async () => {
    const [user, agent] = [await t.user(), (await buildAgent(t, { owner: other })).id];
    const openAgain = async (fresh?: boolean) => (await t.call<Detail>(C('open'), { agentId: agent, ...(fresh === undefined ? {} : { fresh }) }, { token: user.token })).body.data;
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
    await send(t, user.token, { conversationId: first.id, content: 'Back to you' });
    const resumed = await openAgain();
    expect(resumed.id).toBe(first.id);
    expect(resumed.messages.length).toBeGreaterThan(1);
    // another user's "Chat" never lands in this user's conversation
    expect((await t.call<Detail>(C('open'), { agentId: agent }, { token: me.token })).body.data.id).not.toBe(first.id);
    const history = await t.call<{ items: unknown[] }>(C('history'), { agentId: agent }, { token: user.token });
    expect(history.body.data.items).toHaveLength(2);
  });

  it('refuses agents the caller cannot see', async () => {
    const draft = (await buildAgent(t, { owner: other, publishedAt: null })).id;
    const res = await t.call(calls.chat.open, { agentId: draft }, { token: me.token });
    expect(res.body).toMatchObject({ code: 6001, message: 'Agent not found' });
  });

  it("refuses another user's conversation everywhere (403) and changes nothing", async () => {
    const chat = await open(t, me, agentId);
    const opening = chat.messages[0].id;
    const memory = await t.call(calls.chat.memoryAdd, { conversationId: chat.id, content: 'Likes Vega' }, { token: me.token });
    const attempts: Array<[string, Record<string, unknown>]> = [
      ['messages', { conversationId: chat.id }],
      ['select', { conversationId: chat.id, messageId: opening }],
      ['delete', { conversationIds: [chat.id] }],
      ['voice', { messageId: opening }],
      ['memories', { conversationId: chat.id }],
      ['memory/add', { conversationId: chat.id, content: 'Mine now' }],
      ['memory/update', { id: memory.body.data.id, content: 'Changed' }],
      ['memory/delete', { id: memory.body.data.id }],
    ];
    for (const [action, body] of attempts) {
      const res = await t.call(C(action), body, { token: other.token });
      expect([res.status, res.body.code], action).toEqual([403, 403]);
    }
    for (const action of ['send', 'regenerate'] as const) {
      expect((await stream(t, other.token, action, { conversationId: chat.id, content: 'hello', messageId: opening })).status).toBe(403);
    }
    expect(await messagesOf(t, me, chat.id)).toHaveLength(1);
    const memories = await t.call(calls.chat.memories, { conversationId: chat.id }, { token: me.token });
    expect(memories.body.data.items.map((m) => m.content)).toEqual(['Likes Vega']);
  });

  it('streams a reply with start, tokens, done and suggestions, and stores both messages', async () => {
    const chat = await open(t, me, agentId);
    const res = await send(t, me.token, { conversationId: chat.id, content: 'Which star do you love?' });
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
    await t.call(calls.chat.memoryAdd, { conversationId: chat.id, content: 'Remember the comet.' }, { token: me.token });
    for (const content of ['Stay in character and answer', 'What do you remember?', 'Who am I talking with?']) {
      const res = await send(t, me.token, { conversationId: chat.id, content });
      const reply = tokensOf(res.events).join('');
      expect(reply).not.toMatch(/Stay in character|Answer in the language|Things to remember|comet|talking with/);
      expect(reply).toMatch(/Luna|star|night/i);
    }
  });

  it('refuses an empty or too long message with its own error, storing nothing', async () => {
    const chat = await open(t, me, agentId);
    expect((await send(t, me.token, { conversationId: chat.id, content: ' ' })).body.code).toBe(1001);
    const long = await send(t, me.token, { conversationId: chat.id, content: '星'.repeat(2001) });
    expect(long.body).toMatchObject({ code: 7006, message: 'A message can be at most 2000 characters' });
    const zh = await t.starlit.app.inject({
      method: 'POST',
      url: C('send'),
      headers: { 'content-type': 'application/json', token: me.token, 'x-lang': 'zh_TW' },
      payload: { conversationId: chat.id, content: 'x'.repeat(2001) },
    });
    expect(zh.json()).toMatchObject({ code: 7006, message: '訊息最多 2000 個字' });
    expect(await messagesOf(t, me, chat.id)).toHaveLength(1);
    // 2000 characters of Chinese are 2000 characters, not 6000 bytes
    expect((await send(t, me.token, { conversationId: chat.id, content: '星'.repeat(2000) })).done?.status).toBe('complete');
  });

  it('stores a message and shows it, or neither: a failure half-way leaves no message behind', async () => {
    const chat = await open(t, me, agentId);
    const db = t.starlit.database.db;
    // the database refuses showing the new branch, the statement after the messages are written
    await db.execute(sql`create function test_refuse_leaf() returns trigger language plpgsql as $$ begin raise exception 'refused by the test'; end $$`);
    await db.execute(sql.raw(`create trigger test_refuse_leaf before update of leaf_id on conversations for each row when (new.id = '${chat.id}') execute function test_refuse_leaf()`));
    try {
      expect((await send(t, me.token, { conversationId: chat.id, content: 'Are you there?' })).body).toMatchObject({ code: 500 });
      expect((await db.select().from(chatMessages).where(eq(chatMessages.conversationId, chat.id))).map((m) => m.content)).toEqual(['Hello, night traveller.']);
    } finally {
      await db.execute(sql`drop trigger test_refuse_leaf on conversations`);
      await db.execute(sql`drop function test_refuse_leaf`);
    }
    // and the conversation is not left busy by the failed send
    expect((await send(t, me.token, { conversationId: chat.id, content: 'Are you there?' })).done).toMatchObject({ status: 'complete' });
  });

  it('regenerates any agent message as a sibling, never overwriting, and the view follows the chosen branch', async () => {
    const chat = await open(t, me, agentId);
    const first = await send(t, me.token, { conversationId: chat.id, content: 'Tell me about the night sky' });
    const second = await send(t, me.token, { conversationId: chat.id, content: 'And the stars?' });
    const before = await messagesOf(t, me, chat.id);
    const firstReply = before.find((m) => m.id === first.done!.messageId)!;

    // not the last reply: the first one, with a whole turn after it
    const again = await stream(t, me.token, 'regenerate', { conversationId: chat.id, messageId: firstReply.id });
    expect(again.events[0]).toMatchObject({ event: 'start', data: { userMessageId: null, parentId: firstReply.parentId } });
    expect(again.done?.status).toBe('complete');
    const after = await detailOf(t, me, chat.id);
    expect(after.messages).toHaveLength(before.length + 1);
    for (const old of before) expect(after.messages.find((m) => m.id === old.id)).toEqual(old);
    const alternative = after.messages.find((m) => m.id === again.done!.messageId)!;
    expect(alternative).toMatchObject({ parentId: firstReply.parentId, role: 'agent', status: 'complete' });
    expect(after.leafId).toBe(alternative.id);

    // swiping back to the first version shows its branch down to the newest reply below it
    const back = await t.call(calls.chat.select, { conversationId: chat.id, messageId: firstReply.id }, { token: me.token });
    expect(back.body.data.leafId).toBe(second.done!.messageId);
    expect((await detailOf(t, me, chat.id)).leafId).toBe(second.done!.messageId);

    // a send without a parent answers the end of the shown branch
    const third = await send(t, me.token, { conversationId: chat.id, content: 'Goodnight' });
    const thirdQuestion = (await messagesOf(t, me, chat.id)).find((m) => m.id === third.done!.userMessageId)!;
    expect(thirdQuestion.parentId).toBe(second.done!.messageId);
  });

  it('edits a user message into a new branch beside the old one', async () => {
    const chat = await open(t, me, agentId);
    const original = await send(t, me.token, { conversationId: chat.id, content: 'I like the moon' });
    await send(t, me.token, { conversationId: chat.id, content: 'Tell me more' });
    const question = (await messagesOf(t, me, chat.id)).find((m) => m.id === original.done!.userMessageId)!;
    const edited = await send(t, me.token, { conversationId: chat.id, content: 'I like the stars', parentId: question.parentId });
    const after = await detailOf(t, me, chat.id);
    expect(after.messages).toHaveLength(7);
    expect(after.messages.find((m) => m.id === question.id)?.content).toBe('I like the moon');
    const editedQuestion = after.messages.find((m) => m.id === edited.done!.userMessageId)!;
    expect(editedQuestion).toMatchObject({ content: 'I like the stars', parentId: question.parentId });
    expect(after.leafId).toBe(edited.done!.messageId);

    // switching back to the old question brings back its whole branch
    const back = await t.call(calls.chat.select, { conversationId: chat.id, messageId: question.id }, { token: me.token });
    expect(after.messages.find((m) => m.id === back.body.data.leafId)?.role).toBe('agent');
    expect(back.body.data.leafId).not.toBe(edited.done!.messageId);
  });

  it('refuses to regenerate the opening line or a user message, and messages of other conversations', async () => {
    const chat = await open(t, me, agentId);
    const opening = chat.messages[0].id;
    expect((await stream(t, me.token, 'regenerate', { conversationId: chat.id, messageId: opening })).body).toMatchObject({ code: 7011 });
    const sent = await send(t, me.token, { conversationId: chat.id, content: 'Hi' });
    expect((await stream(t, me.token, 'regenerate', { conversationId: chat.id, messageId: sent.done!.userMessageId })).body).toMatchObject({ code: 7007 });
    const elsewhere = await open(t, me, agentId);
    expect((await send(t, me.token, { conversationId: elsewhere.id, content: 'x', parentId: opening })).body).toMatchObject({ code: 7003 });
    expect((await t.call(calls.chat.select, { conversationId: elsewhere.id, messageId: opening }, { token: me.token })).body).toMatchObject({ code: 7007 });
    expect(await messagesOf(t, me, elsewhere.id)).toHaveLength(1);
  });

  it('deletes conversations all or none, and deleted ones are gone', async () => {
    const [a, b] = [await open(t, me, agentId), await open(t, me, agentId)];
    const theirs = await open(t, other, agentId);
    const refused = await t.call(calls.chat.remove, { conversationIds: [a.id, theirs.id] }, { token: me.token });
    expect(refused.status).toBe(403);
    expect((await detailOf(t, me, a.id)).id).toBe(a.id);

    const res = await t.call(calls.chat.remove, { conversationIds: [a.id, b.id] }, { token: me.token });
    expect(res.body.data.deleted).toBe(2);
    const history = await t.call(calls.chat.history, { limit: 100 }, { token: me.token });
    expect(history.body.data.items.map((i) => i.id)).not.toContain(a.id);
    expect(history.body.data.items.map((i) => i.id)).not.toContain(b.id);
    expect((await t.call(calls.chat.messages, { conversationId: a.id }, { token: me.token })).body).toMatchObject({ code: 7002 });
    expect((await t.call(calls.chat.remove, { conversationIds: [a.id] }, { token: me.token })).body).toMatchObject({ code: 7002 });
  });

  it('lists history by last activity, filtered by agent, page by page', async () => {
    const someone = await t.user();
    const second = (await buildAgent(t, { owner: other, nickname: 'Sol' })).id;
    const older = await open(t, someone, agentId);
    const newer = await open(t, someone, second);
    await send(t, someone.token, { conversationId: older.id, content: 'Back again' });
    const page1 = await t.call(calls.chat.history, { limit: 1 }, { token: someone.token });
    expect(page1.body.data.items.map((i) => i.id)).toEqual([older.id]);
    const page2 = await t.call(calls.chat.history, { limit: 1, cursor: page1.body.data.nextCursor ?? undefined }, { token: someone.token });
    expect(page2.body.data.items.map((i) => i.id)).toEqual([newer.id]);
    const withSol = await t.call(calls.chat.history, { agentId: second }, { token: someone.token });
    expect(withSol.body.data.items.map((i) => i.id)).toEqual([newer.id]);
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

  it('keeps memories the user can add, pin, edit and delete, and summarizes every six turns', async () => {
    const chat = await open(t, me, agentId);
    const added = await t.call(calls.chat.memoryAdd, { conversationId: chat.id, content: 'Prefers short answers' }, { token: me.token });
    expect(added.body.data).toMatchObject({ pinned: true, source: 'user' });
    const unpinned = await t.call(calls.chat.memoryUpdate, { id: added.body.data.id, pinned: false }, { token: me.token });
    expect(unpinned.body.data).toMatchObject({ pinned: false, content: 'Prefers short answers' });
    const edited = await t.call(calls.chat.memoryUpdate, { id: added.body.data.id, content: 'Prefers long answers' }, { token: me.token });
    expect(edited.body.data).toMatchObject({ pinned: false, content: 'Prefers long answers' });
    expect((await t.call(calls.chat.memoryUpdate, { id: added.body.data.id, content: 'x'.repeat(501) }, { token: me.token })).body.code).toBe(1001);

    for (let turn = 1; turn <= 6; turn++) {
      const said = turn === 3 ? 'My name is Mia and I play the violin.' : `Question number ${turn} about stars`;
      expect((await send(t, me.token, { conversationId: chat.id, content: said })).done?.status).toBe('complete');
    }
    const memories = await t.call(calls.chat.memories, { conversationId: chat.id }, { token: me.token });
    expect(memories.body.data.everyTurns).toBe(6);
    const summaries = memories.body.data.items.filter((m) => m.source === 'summary');
    expect(summaries.length).toBeGreaterThan(0);
    expect(summaries.every((m) => !m.pinned)).toBe(true);
    // another version of the sixth reply does not summarize the same turns again
    const leaf = (await detailOf(t, me, chat.id)).leafId!;
    expect((await stream(t, me.token, 'regenerate', { conversationId: chat.id, messageId: leaf })).done?.status).toBe('complete');
    const after = await t.call(calls.chat.memories, { conversationId: chat.id }, { token: me.token });
    expect(after.body.data.items.filter((m) => m.source === 'summary')).toHaveLength(summaries.length);
    // nor does editing the sixth question: the five turns before it were summarized on this branch too
    const sixth = (await messagesOf(t, me, chat.id)).filter((m) => m.role === 'user').at(-1)!;
    expect((await send(t, me.token, { conversationId: chat.id, content: 'My cat is called Pixel.', parentId: sixth.parentId })).done?.status).toBe('complete');
    const afterEdit = await t.call(calls.chat.memories, { conversationId: chat.id }, { token: me.token });
    expect(afterEdit.body.data.items.filter((m) => m.source === 'summary')).toHaveLength(summaries.length);

    expect((await t.call(calls.chat.memoryDelete, { id: added.body.data.id }, { token: me.token })).body.data).toEqual({ deleted: true });
    expect((await t.call(calls.chat.memoryDelete, { id: added.body.data.id }, { token: me.token })).body).toMatchObject({ code: 7010 });
  });

  it('ranks public agents by recent chat activity, newer activity weighing more', async () => {
    const fresh = (await buildAgent(t, { owner: other, nickname: 'Fresh' })).id;
    const stale = (await buildAgent(t, { owner: other, nickname: 'Stale' })).id;
    const hidden = (await buildAgent(t, { owner: other, nickname: 'Hidden', isPublic: false })).id;
    const chatter = await t.user();
    const staleChat = await open(t, chatter, stale);
    for (const words of ['a', 'b', 'c']) await send(t, chatter.token, { conversationId: staleChat.id, content: words });
    // three messages three days old weigh 3 × 0.125 = 0.375: less than one message today
    await t.starlit.database.db.execute(sql`update chat_messages set created_at = now() - interval '3 days' where conversation_id = ${staleChat.id}`);
    await send(t, chatter.token, { conversationId: (await open(t, chatter, fresh)).id, content: 'hello' });
    await send(t, other.token, { conversationId: (await open(t, other, hidden)).id, content: 'mine' });

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
    expect((await send(t, me.token, { conversationId: chat.id, content: 'Still there?' })).body).toMatchObject({ code: 6001 });
    expect((await stream(t, me.token, 'regenerate', { conversationId: chat.id, messageId: chat.messages[0].id })).body).toMatchObject({ code: 6001 });
    await t.starlit.database.db.update(agents).set({ isPublic: true, deletedAt: new Date() }).where(eq(agents.id, hidden));
    expect((await send(t, me.token, { conversationId: chat.id, content: 'Hello?' })).body).toMatchObject({ code: 6001 });
    expect((await detailOf(t, me, chat.id)).messages).toHaveLength(1);
    // the owner may still talk to a private agent of theirs
    const own = (await buildAgent(t, { owner: me, nickname: 'Mine', isPublic: false, publishedAt: null })).id;
    expect((await send(t, me.token, { conversationId: (await open(t, me, own)).id, content: 'Hi me' })).done?.status).toBe('complete');
  });

  it('drops NUL characters, which the database cannot keep, instead of failing', async () => {
    const chat = await open(t, me, agentId);
    const res = await send(t, me.token, { conversationId: chat.id, content: 'a\u0000b' });
    expect(res.done?.status).toBe('complete');
    expect((await messagesOf(t, me, chat.id))[1].content).toBe('ab');
    expect((await send(t, me.token, { conversationId: chat.id, content: '\u0000' })).body).toMatchObject({ code: 1001 });
    const memory = await t.call(calls.chat.memoryAdd, { conversationId: chat.id, content: 'x\u0000y' }, { token: me.token });
    expect(memory.body.data.content).toBe('xy');
  });

  it('shows in the history the last thing said on the chosen branch', async () => {
    const chat = await open(t, me, agentId);
    const first = await send(t, me.token, { conversationId: chat.id, content: 'First question' });
    await stream(t, me.token, 'regenerate', { conversationId: chat.id, messageId: first.done!.messageId });
    const chosen = (await messagesOf(t, me, chat.id)).find((m) => m.id === first.done!.messageId)!;
    await t.call(calls.chat.select, { conversationId: chat.id, messageId: chosen.id }, { token: me.token });
    const history = await t.call(calls.chat.history, { limit: 100 }, { token: me.token });
    expect(history.body.data.items.find((i) => i.id === chat.id)?.preview).toBe(chosen.content);
  });

  it('plays nothing for an agent without a voice', async () => {
    const chat = await open(t, me, agentId);
    const res = await t.call(calls.chat.voice, { messageId: chat.messages[0].id }, { token: me.token });
    expect(res.body).toMatchObject({ code: 7009, message: 'This agent has no voice to speak with' });
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
    const [me, someone] = [await t.user(), await t.user()];
    const chat: Detail = await open(t, me, (await buildAgent(t, { owner: someone })).id);
    // refused sends cost nothing
    expect((await send(t, me.token, { conversationId: chat.id, content: 'x', parentId: crypto.randomUUID() })).body).toMatchObject({ code: 7003 });
    expect((await send(t, me.token, { conversationId: chat.id, content: 'y'.repeat(2001) })).body).toMatchObject({ code: 7006 });
    const first = await send(t, me.token, { conversationId: chat.id, content: 'one' });
    await send(t, me.token, { conversationId: chat.id, content: 'two' });
    await stream(t, me.token, 'regenerate', { conversationId: chat.id, messageId: first.done!.messageId });
    const count = (await messagesOf(t, me, chat.id)).length;
    const refused = await send(t, me.token, { conversationId: chat.id, content: 'four' });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 7005, message: 'You are sending messages too fast: wait a moment and try again' });
    expect(await messagesOf(t, me, chat.id)).toHaveLength(count);
    // the budget is per user
    const theirs = await open(t, someone, chat.agentId);
    expect((await send(t, someone.token, { conversationId: theirs.id, content: 'hi' })).done?.status).toBe('complete');
  });
});
