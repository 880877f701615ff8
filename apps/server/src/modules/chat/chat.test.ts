import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OFFLINE_CHAT_ENGINE, OPENAI_CHAT_ENGINE, type ChatModel } from '../../ai/chat/index.ts';
import { agents } from '../../db/schema/index.ts';
import { startTestServer, type SignedIn, type TestServer } from '../../../test/server.ts';

const C = (action: string) => `/ai/api/v1/chat/${action}`;

interface Message {
  id: string;
  parentId: string | null;
  role: string;
  content: string;
  status: string;
  engine: string | null;
}
interface Detail {
  id: string;
  messages: Message[];
}
interface SseEvent {
  event: string;
  data: Record<string, string>;
}

/** A published public agent of `owner`, written straight to the database (publishing has its own tests). */
async function publishedAgent(t: TestServer, owner: SignedIn, fields: Partial<typeof agents.$inferInsert> = {}): Promise<string> {
  const [row] = await t.starlit.database.db
    .insert(agents)
    .values({
      ownerId: owner.userId,
      nickname: 'Luna',
      roleSetting: 'You are Luna, a stargazer. You love the night sky and its stars.',
      roleIntro: 'A gentle stargazer who names every star.',
      opening: 'Hello, night traveller.',
      isPublic: true,
      publishedAt: new Date(),
      ...fields,
    })
    .returning({ id: agents.id });
  return row.id;
}

/** Sends like the web client and reads the whole event stream; envelopes come back as `body`. */
async function send(t: TestServer, token: string | null, payload: Record<string, unknown>) {
  const res = await t.starlit.app.inject({
    method: 'POST',
    url: C('send'),
    headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
    payload: JSON.stringify(payload),
  });
  if (!String(res.headers['content-type']).startsWith('text/event-stream')) return { status: res.statusCode, body: res.json(), events: [] as SseEvent[] };
  const events = res.body
    .split('\n\n')
    .filter((block) => block.startsWith('event:'))
    .map((block) => {
      const [eventLine, dataLine] = block.split('\n');
      return { event: eventLine.slice('event: '.length), data: JSON.parse(dataLine.slice('data: '.length)) };
    });
  return { status: res.statusCode, body: null, events };
}

async function open(t: TestServer, user: SignedIn, agentId: string): Promise<Detail> {
  const res = await t.call<Detail>(C('open'), { agentId }, { token: user.token });
  if (res.body.code !== 0) throw new Error(res.body.message);
  return res.body.data;
}

const messagesOf = async (t: TestServer, user: SignedIn, conversationId: string) =>
  (await t.call<Detail>(C('messages'), { conversationId }, { token: user.token })).body.data.messages;

describe('chat room with the offline engine', () => {
  let t: TestServer;
  let me: SignedIn;
  let other: SignedIn;
  let agentId: string;
  beforeAll(async () => {
    t = await startTestServer();
    [me, other] = [await t.user(), await t.user()];
    agentId = await publishedAgent(t, other);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('asks anonymous senders to log in', async () => {
    const res = await send(t, null, { conversationId: crypto.randomUUID(), content: 'hi' });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: 401, data: null, message: 'Please log in first' });
  });

  it('opens with the agent\'s opening line', async () => {
    const chat = await open(t, me, agentId);
    expect(chat.messages).toHaveLength(1);
    expect(chat.messages[0]).toMatchObject({ role: 'agent', content: 'Hello, night traveller.', status: 'complete', parentId: null });
    const history = await t.call<{ items: Array<{ id: string }> }>(C('history'), {}, { token: me.token });
    expect(history.body.data.items[0].id).toBe(chat.id);
  });

  it('refuses agents the caller cannot see', async () => {
    const draft = await publishedAgent(t, other, { publishedAt: null });
    const res = await t.call(C('open'), { agentId: draft }, { token: me.token });
    expect(res.body).toMatchObject({ code: 7001, message: 'This agent cannot be chatted with' });
  });

  it('keeps a conversation to its owner', async () => {
    const chat = await open(t, me, agentId);
    const read = await t.call(C('messages'), { conversationId: chat.id }, { token: other.token });
    expect(read.status).toBe(403);
    expect(read.body.code).toBe(403);
    const sent = await send(t, other.token, { conversationId: chat.id, content: 'hello' });
    expect(sent.status).toBe(403);
    expect(await messagesOf(t, me, chat.id)).toHaveLength(1);
  });

  it('streams a reply and stores both messages', async () => {
    const chat = await open(t, me, agentId);
    const res = await send(t, me.token, { conversationId: chat.id, content: 'Which star do you love?' });
    const tokens = res.events.filter((e) => e.event === 'token').map((e) => e.data.text);
    expect(tokens.length).toBeGreaterThan(1);
    const done = res.events[res.events.length - 1];
    expect(done.event).toBe('done');
    expect(done.data.status).toBe('complete');

    const [opening, question, reply] = await messagesOf(t, me, chat.id);
    expect(question).toMatchObject({ role: 'user', content: 'Which star do you love?', status: 'complete', parentId: opening.id });
    expect(reply).toMatchObject({ id: done.data.messageId, role: 'agent', status: 'complete', parentId: question.id, engine: OFFLINE_CHAT_ENGINE });
    expect(reply.content).toBe(tokens.join(''));
  });

  it('refuses an empty or too long message', async () => {
    const chat = await open(t, me, agentId);
    expect((await send(t, me.token, { conversationId: chat.id, content: ' ' })).body.code).toBe(1001);
    expect((await send(t, me.token, { conversationId: chat.id, content: 'x'.repeat(2001) })).body.code).toBe(1001);
  });
});

describe('chat room through an OpenAI-compatible provider', () => {
  let t: TestServer;
  let provider: http.Server;
  const prompts: Array<{ messages: Array<{ role: string; content: string }> }> = [];
  beforeAll(async () => {
    // a provider that says two words, then fails mid-stream when asked to
    provider = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        const request = JSON.parse(body) as (typeof prompts)[number];
        prompts.push(request);
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        const chunk = (text: string) => res.write(`data: ${JSON.stringify({ choices: [{ delta: { content: text } }] })}\n\n`);
        chunk('Twinkle ');
        if (request.messages.at(-1)?.content.includes('fail')) {
          res.end(`data: ${JSON.stringify({ error: { message: 'overloaded' } })}\n\n`);
          return;
        }
        chunk('twinkle.');
        res.end(`data: ${JSON.stringify({ choices: [{ delta: {}, finish_reason: 'stop' }] })}\n\ndata: [DONE]\n\n`);
      });
    });
    await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
    t = await startTestServer({ LLM_BASE_URL: `http://127.0.0.1:${(provider.address() as AddressInfo).port}`, LLM_MODEL: 'star-1' });
  });
  afterAll(async () => {
    await t?.close();
    await new Promise((resolve) => provider?.close(resolve));
  });

  it('sends the role and the branch, and stores the streamed reply', async () => {
    const [me, owner] = [await t.user(), await t.user()];
    const chat = await open(t, me, await publishedAgent(t, owner));
    const res = await send(t, me.token, { conversationId: chat.id, content: 'Sing for me' });
    expect(res.events.filter((e) => e.event === 'token').map((e) => e.data.text)).toEqual(['Twinkle ', 'twinkle.']);
    expect(prompts.at(-1)?.messages).toEqual([
      { role: 'system', content: 'You are Luna, a stargazer. You love the night sky and its stars.\n\nA gentle stargazer who names every star.' },
      { role: 'assistant', content: 'Hello, night traveller.' },
      { role: 'user', content: 'Sing for me' },
    ]);
    const reply = (await messagesOf(t, me, chat.id)).at(-1);
    expect(reply).toMatchObject({ content: 'Twinkle twinkle.', status: 'complete', engine: OPENAI_CHAT_ENGINE });
  });

  it('keeps the part that arrived when the provider fails after the first token', async () => {
    const [me, owner] = [await t.user(), await t.user()];
    const chat = await open(t, me, await publishedAgent(t, owner));
    const res = await send(t, me.token, { conversationId: chat.id, content: 'Now fail' });
    expect(res.events.at(-1)).toMatchObject({ event: 'done', data: { status: 'failed' } });
    const [, question, reply] = await messagesOf(t, me, chat.id);
    expect(question).toMatchObject({ role: 'user', content: 'Now fail', status: 'complete' });
    expect(reply).toMatchObject({ role: 'agent', content: 'Twinkle ', status: 'failed' });
  });
});

describe('one reply at a time', () => {
  let t: TestServer;
  let started!: () => void;
  let release!: () => void;
  const streaming = new Promise<void>((resolve) => (started = resolve));
  const gate = new Promise<void>((resolve) => (release = resolve));
  // a model that holds its reply until the test lets it go
  const slow: ChatModel = {
    engine: 'Held test engine',
    async *stream() {
      yield { text: 'Wait' };
      started();
      await gate;
      yield { text: 'ing.' };
    },
  };
  beforeAll(async () => {
    t = await startTestServer({}, { chat: slow });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses a second send while the agent is replying, and takes one after', async () => {
    const [me, owner] = [await t.user(), await t.user()];
    const chat = await open(t, me, await publishedAgent(t, owner));
    const first = send(t, me.token, { conversationId: chat.id, content: 'One' });
    await streaming;
    const second = await send(t, me.token, { conversationId: chat.id, content: 'Two' });
    expect(second.body).toMatchObject({ code: 7004, message: 'The agent is still replying: wait for it to finish' });
    expect((await messagesOf(t, me, chat.id)).at(-1)).toMatchObject({ role: 'agent', status: 'streaming' });
    release();
    expect((await first).events.at(-1)?.data.status).toBe('complete');
    expect((await messagesOf(t, me, chat.id)).at(-1)).toMatchObject({ content: 'Waiting.', status: 'complete' });
    const third = await send(t, me.token, { conversationId: chat.id, content: 'Three' });
    expect(third.events.at(-1)?.data.status).toBe('complete');
  });
});
