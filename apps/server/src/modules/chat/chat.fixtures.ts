// What the chat API tests share: a client for the streaming routes and the conversation calls.
import { CHAT_REGENERATE_PATH, CHAT_SEND_PATH, ChatStreamEvent, type ChatStreamEvents, calls, type CallOutput } from '@starlit/contract';
import { eventsOf } from '../../../test/events.ts';
import type { SignedIn, TestServer } from '../../../test/server.ts';

/** A conversation with its messages, as chat/messages and chat/open answer it. */
export type Detail = CallOutput<typeof calls.chat.messages>;
export interface SseEvent {
  event: string;
  data: Record<string, unknown>;
}

export const parseEvents = (body: string): SseEvent[] => eventsOf(body).map((e) => ({ event: e.event, data: JSON.parse(e.data) }));

/** The `done` event's data, checked against the contract. */
type Done = ChatStreamEvents['done'];

/**
 * Posts to a streaming route like the web client, as `as` (anonymous when null), and reads the
 * whole event stream; envelopes come back as `body`.
 */
export async function stream(t: TestServer, as: SignedIn | null, action: 'send' | 'regenerate', payload: Record<string, unknown>) {
  const res = await t.starlit.app.inject({
    method: 'POST',
    url: action === 'send' ? CHAT_SEND_PATH : CHAT_REGENERATE_PATH,
    headers: { 'content-type': 'application/json', ...(as ? { token: as.token } : {}) },
    payload: JSON.stringify(payload),
  });
  if (!String(res.headers['content-type']).startsWith('text/event-stream')) return { status: res.statusCode, body: res.json(), events: [] as SseEvent[], done: null as Done | null };
  const events = parseEvents(res.body);
  const done = events.find((e) => e.event === 'done');
  return { status: res.statusCode, body: null, events, done: done ? ChatStreamEvent.done.parse(done.data) : null };
}

export const send = (t: TestServer, as: SignedIn | null, payload: Record<string, unknown>) => stream(t, as, 'send', payload);
export const tokensOf = (events: SseEvent[]) => events.filter((e) => e.event === 'token').map((e) => String(e.data.text));

/** A new conversation ("New chat"), so each test starts from the opening line. */
export const open = (t: TestServer, user: SignedIn, agentId: string): Promise<Detail> => t.ok(calls.chat.open, { agentId, fresh: true }, { as: user });

export const detailOf = (t: TestServer, user: SignedIn, conversationId: string): Promise<Detail> => t.ok(calls.chat.messages, { conversationId }, { as: user });
export const messagesOf = async (t: TestServer, user: SignedIn, conversationId: string) => (await detailOf(t, user, conversationId)).messages;
