// What the chat API tests share: an agent straight in the database, and a client for the streaming routes.
import { agents, agentVoices, voices } from '../../db/schema/index.ts';
import type { SignedIn, TestServer } from '../../../test/server.ts';

export const C = (action: string) => `/ai/api/v1/chat/${action}`;

export interface Message {
  id: string;
  parentId: string | null;
  role: string;
  content: string;
  status: string;
  engine: string | null;
  suggestions: string[];
  voice: string | null;
}
export interface Detail {
  id: string;
  agentId: string;
  messages: Message[];
  leafId: string | null;
  agentHasVoice: boolean;
  offline: boolean;
  engine: string;
  preview: string;
}
export interface SseEvent {
  event: string;
  data: Record<string, unknown>;
}

/** A published public agent of `owner`, written straight to the database (publishing has its own tests). */
export async function publishedAgent(t: TestServer, owner: SignedIn, fields: Partial<typeof agents.$inferInsert> = {}): Promise<string> {
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

/** Gives an agent an eSpeak voice with slider settings. */
export async function giveVoice(t: TestServer, agentId: string): Promise<void> {
  const db = t.starlit.database.db;
  const [voice] = await db
    .insert(voices)
    .values({ name: 'Test voice', gender: 'Female', language: 'en', isOfficial: true, engineParams: { engine: 'espeak-ng', voice: 'en-us', pitch: 50, speed: 175 } })
    .returning({ id: voices.id });
  await db.insert(agentVoices).values({ agentId, voiceId: voice.id, position: 0, pitch: 2, volume: 1, speed: 1.5 });
}

export function parseEvents(body: string): SseEvent[] {
  return body
    .split('\n\n')
    .filter((block) => block.startsWith('event:'))
    .map((block) => {
      const [eventLine, dataLine] = block.split('\n');
      return { event: eventLine.slice('event: '.length), data: JSON.parse(dataLine.slice('data: '.length)) };
    });
}

/** Posts to a streaming route like the web client and reads the whole event stream; envelopes come back as `body`. */
export async function stream(t: TestServer, token: string | null, action: 'send' | 'regenerate', payload: Record<string, unknown>) {
  const res = await t.starlit.app.inject({
    method: 'POST',
    url: C(action),
    headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
    payload: JSON.stringify(payload),
  });
  if (!String(res.headers['content-type']).startsWith('text/event-stream')) return { status: res.statusCode, body: res.json(), events: [] as SseEvent[], done: null };
  const events = parseEvents(res.body);
  const done = events.find((e) => e.event === 'done')?.data ?? null;
  return { status: res.statusCode, body: null, events, done };
}

export const send = (t: TestServer, token: string | null, payload: Record<string, unknown>) => stream(t, token, 'send', payload);
export const tokensOf = (events: SseEvent[]) => events.filter((e) => e.event === 'token').map((e) => String(e.data.text));

/** A new conversation ("New chat"), so each test starts from the opening line. */
export async function open(t: TestServer, user: SignedIn, agentId: string): Promise<Detail> {
  const res = await t.call<Detail>(C('open'), { agentId, fresh: true }, { token: user.token });
  if (res.body.code !== 0) throw new Error(res.body.message);
  return res.body.data;
}

export const detailOf = async (t: TestServer, user: SignedIn, conversationId: string) => (await t.call<Detail>(C('messages'), { conversationId }, { token: user.token })).body.data;
export const messagesOf = async (t: TestServer, user: SignedIn, conversationId: string) => (await detailOf(t, user, conversationId)).messages;
