import { CHAT_SEND_PATH, calls } from '@starlit/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPENAI_CHAT_ENGINE, type ChatModel } from '../../ai/chat/index.ts';
import type { SpeechModel } from '../../ai/speech/index.ts';
import { sql } from 'drizzle-orm';
import { chatIdentities } from '../../db/schema/index.ts';
import { chatRepository } from './chat.repository.ts';
import { chatChunk, startFakeService, type FakeService } from '../../../test/fake-service.ts';
import { eventually } from '../../../test/eventually.ts';
import { openEvents } from '../../../test/events.ts';
import { startTestServer, type TestServer } from '../../../test/server.ts';
import { buildAgent, buildUser, giveAgentVoice } from '../../../test/factories.ts';
import { messagesOf, open, send, stream, tokensOf } from './chat.fixtures.ts';

interface ProviderRequest {
  messages: Array<{ role: string; content: string }>;
}

describe('chat room through an OpenAI-compatible provider', () => {
  let t: TestServer;
  let provider: FakeService;
  const requests: ProviderRequest[] = [];
  // the reply requests, not the suggestion or memory requests made after them
  const replyPrompts = () => requests.filter((r) => r.messages[0].content.includes('Stay in character'));
  beforeAll(async () => {
    // says two words; fails mid-stream or before anything when asked to
    provider = await startFakeService((_req, body, res) => {
      const request = JSON.parse(body) as ProviderRequest;
      requests.push(request);
      const last = request.messages.at(-1)?.content ?? '';
      if (last.includes('refuse')) return res.writeHead(503).end('busy');
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(chatChunk('Twinkle '));
      if (last.includes('fail')) return res.end(`data: ${JSON.stringify({ error: { message: 'overloaded' } })}\n\n`);
      const forReply = request.messages[0].content.includes('Stay in character');
      if (!forReply && last.includes('zero')) res.write(chatChunk('\nZero\u0000 one\n2. Two'));
      else res.write(chatChunk(forReply ? 'twinkle\u0000.' : '\n1. Sing again\n2. Why stars?'));
      res.end(`${chatChunk('', 'stop')}data: [DONE]\n\n`);
    });
    t = await startTestServer({ LLM_BASE_URL: provider.url, LLM_MODEL: 'star-1' });
  });
  afterAll(async () => {
    await t?.close();
    await provider?.close();
  });

  it("sends the role, the user's chat identity, pinned memories and the branch, and stores the streamed reply", async () => {
    const [me, owner] = [await buildUser(t), await buildUser(t)];
    const agentId = (await buildAgent(t, { owner })).id;
    await t.starlit.database.db.insert(chatIdentities).values({ userId: me.userId, name: 'Mia', gender: 'Female', background: 'A violinist.', isGlobal: true });
    const chat = await open(t, me, agentId);
    await t.call(calls.chat.memoryAdd, { conversationId: chat.id, content: 'Mia fears the dark' }, { as: me });
    await t.call(calls.chat.memoryAdd, { conversationId: chat.id, content: 'Not for the prompt', pinned: false }, { as: me });
    const res = await send(t, me, { conversationId: chat.id, content: 'Sing for me' });
    expect(tokensOf(res.events)).toEqual(['Twinkle ', 'twinkle.']);
    const [system, ...turns] = replyPrompts().at(-1)!.messages;
    expect(system.role).toBe('system');
    expect(system.content).toContain('You are Luna, a stargazer.');
    expect(system.content).toContain('A gentle stargazer who names every star.');
    expect(system.content).toContain('Name: Mia');
    expect(system.content).toContain('A violinist.');
    expect(system.content).toContain('- Mia fears the dark');
    expect(system.content).not.toContain('Not for the prompt');
    expect(turns).toEqual([
      { role: 'assistant', content: 'Hello, night traveller.' },
      { role: 'user', content: 'Sing for me' },
    ]);
    const reply = (await messagesOf(t, me, chat.id)).at(-1);
    expect(reply).toMatchObject({ content: 'Twinkle twinkle.', status: 'complete', engine: OPENAI_CHAT_ENGINE });
    // the model's suggestions, cleaned of their numbering
    expect(res.events.at(-1)).toMatchObject({ event: 'suggestions', data: { suggestions: ['Twinkle', 'Sing again', 'Why stars?'] } });
  });

  it('drops NUL characters a model sends, in the reply and in its suggestions', async () => {
    const [me, owner] = [await buildUser(t), await buildUser(t)];
    const chat = await open(t, me, (await buildAgent(t, { owner })).id);
    const res = await send(t, me, { conversationId: chat.id, content: 'Count from zero' });
    expect(tokensOf(res.events).join('')).toBe('Twinkle twinkle.');
    expect(res.events.at(-1)).toMatchObject({ event: 'suggestions', data: { suggestions: ['Twinkle', 'Zero one', 'Two'] } });
    expect((await messagesOf(t, me, chat.id)).at(-1)).toMatchObject({ content: 'Twinkle twinkle.', status: 'complete', suggestions: ['Twinkle', 'Zero one', 'Two'] });
  });

  it('keeps the part that arrived when the provider fails after the first token', async () => {
    const [me, owner] = [await buildUser(t), await buildUser(t)];
    const chat = await open(t, me, (await buildAgent(t, { owner })).id);
    const res = await send(t, me, { conversationId: chat.id, content: 'Now fail' });
    expect(res.done).toMatchObject({ status: 'failed' });
    const [, question, reply] = await messagesOf(t, me, chat.id);
    expect(question).toMatchObject({ role: 'user', content: 'Now fail', status: 'complete' });
    expect(reply).toMatchObject({ role: 'agent', content: 'Twinkle ', status: 'failed' });
  });

  it("keeps the user's message and frees the conversation when the provider fails before the first token", async () => {
    const [me, owner] = [await buildUser(t), await buildUser(t)];
    const chat = await open(t, me, (await buildAgent(t, { owner })).id);
    const before = requests.length;
    const res = await send(t, me, { conversationId: chat.id, content: 'Please refuse' });
    expect(res.done).toMatchObject({ status: 'failed' });
    // the adapter tried again before giving up
    expect(requests.length - before).toBe(3);
    const [, question, reply] = await messagesOf(t, me, chat.id);
    expect(question).toMatchObject({ content: 'Please refuse', status: 'complete' });
    expect(reply).toMatchObject({ content: '', status: 'failed' });
    expect((await send(t, me, { conversationId: chat.id, content: 'Sing now' })).done?.status).toBe('complete');
  });
});

/**
 * A model that says one word, then waits until the test opens its gate. `onStart` hears of
 * every reply it begins, so a test can tell when each send has reached it.
 */
function heldModel(onStart: () => void = () => undefined) {
  let started!: () => void;
  let release!: () => void;
  const streaming = new Promise<void>((resolve) => (started = resolve));
  const gate = new Promise<void>((resolve) => (release = resolve));
  const model: ChatModel = {
    engine: 'Held test engine',
    async *stream(_messages, _options, signal) {
      yield { text: 'Wait' };
      started();
      onStart();
      await Promise.race([gate, new Promise((_, reject) => signal?.addEventListener('abort', () => reject(signal.reason), { once: true }))]);
      yield { text: 'ing.' };
    },
  };
  return { model, streaming, release: () => release() };
}

describe('one reply at a time', () => {
  let t: TestServer;
  const held = heldModel();
  beforeAll(async () => {
    t = await startTestServer({}, { chat: held.model });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses sends while the agent is replying, without loss or interleaving, and takes one after', async () => {
    const [me, owner] = [await buildUser(t), await buildUser(t)];
    const chat = await open(t, me, (await buildAgent(t, { owner })).id);
    const first = send(t, me, { conversationId: chat.id, content: 'One' });
    await held.streaming;
    const racing = await Promise.all(['Two', 'Three', 'Four', 'Five'].map((content) => send(t, me, { conversationId: chat.id, content })));
    for (const refused of racing) expect(refused.body).toMatchObject({ code: 7004, message: 'The agent is still replying: wait for it to finish' });
    // what has streamed is saved while the reply goes on, so a reload mid-stream shows it
    const partial = await eventually(
      async () => (await messagesOf(t, me, chat.id)).at(-1),
      (last) => last?.content === 'Wait',
    );
    expect(partial).toMatchObject({ role: 'agent', status: 'streaming', content: 'Wait' });
    held.release();
    expect((await first).done?.status).toBe('complete');
    const after = await messagesOf(t, me, chat.id);
    expect(after.map((m) => [m.role, m.content])).toEqual([
      ['agent', 'Hello, night traveller.'],
      ['user', 'One'],
      ['agent', 'Waiting.'],
    ]);
    const next = await send(t, me, { conversationId: chat.id, content: 'Six' });
    expect(next.done?.status).toBe('complete');
  });
});

describe('many sends at the same moment', () => {
  let t: TestServer;
  const SENDS = 6;
  // every send is either refused or holding the model; the model goes on only once all are in.
  // With an instant model the first reply could end and free the conversation before the
  // last send arrived on a loaded machine, and that send would rightly go through.
  let arrived = 0;
  let allIn!: () => void;
  const everySendIn = new Promise<void>((resolve) => (allIn = resolve));
  const count = () => {
    if (++arrived === SENDS) allIn();
  };
  const held = heldModel(count);
  beforeAll(async () => {
    t = await startTestServer({}, { chat: held.model });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lets exactly one of simultaneous sends through and stores exactly its messages', async () => {
    const [me, owner] = [await buildUser(t), await buildUser(t)];
    const chat = await open(t, me, (await buildAgent(t, { owner })).id);
    const sending = Array.from({ length: SENDS }, (_, i) =>
      send(t, me, { conversationId: chat.id, content: `Message ${i}` }).then((res) => {
        if (res.body) count();
        return res;
      }),
    );
    await everySendIn;
    held.release();
    const results = await Promise.all(sending);
    const through = results.filter((r) => r.done?.status === 'complete');
    expect(through).toHaveLength(1);
    expect(results.filter((r) => r.body?.code === 7004)).toHaveLength(SENDS - 1);
    const messages = await messagesOf(t, me, chat.id);
    expect(messages).toHaveLength(3);
    expect(messages[1].id).toBe(through[0].done!.userMessageId);
    expect(messages[2].content).toBe(tokensOf(through[0].events).join(''));
  });
});

describe('a client that goes away mid-reply', () => {
  let t: TestServer;
  const held = heldModel();
  let url: string;
  beforeAll(async () => {
    t = await startTestServer({}, { chat: held.model });
    url = await t.starlit.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('stops the model, keeps the partial reply as interrupted and frees the conversation', async () => {
    const [me, owner] = [await buildUser(t), await buildUser(t)];
    const chat = await open(t, me, (await buildAgent(t, { owner })).id);
    const stop = new AbortController();
    const res = await fetch(`${url}${CHAT_SEND_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', token: me.token },
      body: JSON.stringify({ conversationId: chat.id, content: 'Tell me a long story' }),
      signal: stop.signal,
    });
    const events = openEvents(res);
    await events.next('token');
    expect(events.seen()[0].event).toBe('start');
    await held.streaming;
    stop.abort();

    const reply = await eventually(
      async () => (await messagesOf(t, me, chat.id)).at(-1),
      (last) => last?.status !== 'streaming',
    );
    expect(reply).toMatchObject({ role: 'agent', content: 'Wait', status: 'interrupted' });
    held.release();
    // the lease went with the reply: the next message is taken
    const next = await stream(t, me, 'send', { conversationId: chat.id, content: 'Again' });
    expect(next.done?.status).toBe('complete');
  });
});

describe('voice replies', () => {
  let t: TestServer;
  let failing = false;
  const spoken: Array<{ text: string; pitch: number; speed: number }> = [];
  const speech: SpeechModel = {
    engine: 'Test speech',
    available: async () => true,
    async synthesize(text, voice) {
      if (failing) throw new Error('the speech engine crashed');
      spoken.push({ text, pitch: voice.settings.pitch, speed: voice.settings.speed });
      return { audio: Buffer.from('RIFF....WAVE'), contentType: 'audio/wav', engine: 'Test speech' };
    },
  };
  beforeAll(async () => {
    t = await startTestServer({}, { speech });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("speaks an agent message with the agent's voice settings, keeps it for replays, regenerates on request", async () => {
    const [me, owner] = [await buildUser(t), await buildUser(t)];
    const agentId = (await buildAgent(t, { owner })).id;
    await giveAgentVoice(t, agentId);
    const chat = await open(t, me, agentId);
    expect(chat.agentHasVoice).toBe(true);
    const reply = await send(t, me, { conversationId: chat.id, content: 'Say something' });
    const messageId = reply.done!.messageId;

    const first = await t.call(calls.chat.voice, { messageId }, { as: me });
    expect(first.body.data.voice).toMatch(/^\/media\/chat\/.+\.wav$/);
    expect(spoken.at(-1)).toMatchObject({ pitch: 2, speed: 1.25 });
    expect(spoken.at(-1)?.text).toBe((await messagesOf(t, me, chat.id)).at(-1)?.content);
    const audio = await t.starlit.app.inject({ method: 'GET', url: first.body.data.voice });
    expect(audio.statusCode).toBe(200);

    const replay = await t.call(calls.chat.voice, { messageId }, { as: me });
    expect(replay.body.data.voice).toBe(first.body.data.voice);
    expect(spoken).toHaveLength(1);
    const again = await t.call(calls.chat.voice, { messageId, regenerate: true }, { as: me });
    expect(again.body.data.voice).not.toBe(first.body.data.voice);
    expect(spoken).toHaveLength(2);
    expect((await messagesOf(t, me, chat.id)).at(-1)?.voice).toBe(again.body.data.voice);

    const question = reply.done!.userMessageId!;
    expect((await t.call(calls.chat.voice, { messageId: question }, { as: me })).body).toMatchObject({ code: 7007 });
  });

  it('says "Voice generation failed" in the reader\'s language and keeps the message', async () => {
    const [me, owner] = [await buildUser(t), await buildUser(t)];
    const agentId = (await buildAgent(t, { owner })).id;
    await giveAgentVoice(t, agentId);
    const chat = await open(t, me, agentId);
    failing = true;
    try {
      const res = await t.call(calls.chat.voice, { messageId: chat.messages[0].id }, { as: me });
      expect(res.body).toMatchObject({ code: 7008, message: 'Voice generation failed: regenerate it or start a new conversation' });
      const zh = await t.call(calls.chat.voice, { messageId: chat.messages[0].id }, { as: me, lang: 'zh_TW' });
      expect(zh.body.message).toBe('語音生成失敗：請重新生成或開始新對話');
    } finally {
      failing = false;
    }
    expect((await messagesOf(t, me, chat.id))[0]).toMatchObject({ content: 'Hello, night traveller.', voice: null });
  });
});

describe('the reply lease', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is renewed and released only by its holder', async () => {
    const [me, owner] = [await buildUser(t), await buildUser(t)];
    const chat = await open(t, me, (await buildAgent(t, { owner })).id);
    const repo = chatRepository(t.starlit.database.db);
    const [a, b] = [crypto.randomUUID(), crypto.randomUUID()];
    expect(await repo.takeLease(chat.id, a, 30_000)).toBe(true);
    expect(await repo.takeLease(chat.id, b, 30_000)).toBe(false);
    // A's lease lapses (its server stalled); B takes the conversation over
    await t.starlit.database.db.execute(sql`update conversations set reply_lease_until = now() - interval '1 second' where id = ${chat.id}`);
    expect(await repo.takeLease(chat.id, b, 30_000)).toBe(true);
    expect(await repo.renewLease(chat.id, a, 30_000)).toBe(false);
    await repo.releaseLease(chat.id, a);
    // B still holds it: a send is refused
    expect((await send(t, me, { conversationId: chat.id, content: 'Now?' })).body).toMatchObject({ code: 7004 });
    await repo.releaseLease(chat.id, b);
    expect((await send(t, me, { conversationId: chat.id, content: 'Now!' })).done?.status).toBe('complete');
  });

  it('moves the memory mark only from where the caller saw it', async () => {
    const [me, owner] = [await buildUser(t), await buildUser(t)];
    const chat = await open(t, me, (await buildAgent(t, { owner })).id);
    const repo = chatRepository(t.starlit.database.db);
    const [a, b] = [crypto.randomUUID(), crypto.randomUUID()];
    expect(await repo.claimMemoryThrough(chat.id, null, a)).toBe(true);
    // a second reply that also saw no mark loses: it would summarize the same turns
    expect(await repo.claimMemoryThrough(chat.id, null, b)).toBe(false);
    expect(await repo.claimMemoryThrough(chat.id, a, b)).toBe(true);
    expect((await repo.conversation(chat.id))?.memoryThroughId).toBe(b);
  });
});
