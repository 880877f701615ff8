// What the chat API tests share: a client for the streaming routes and the conversation calls.
import { calls, type CallOutput } from '@starlit/contract';
import type { SignedIn, TestServer } from '../../../test/server.ts';

export const C = (action: string) => `/ai/api/v1/chat/${action}`;

/** A conversation with its messages, as chat/messages and chat/open answer it. */
export type Detail = CallOutput<typeof calls.chat.messages>;
export type Message = Detail['messages'][number];
export interface SseEvent {
  event: string;
  data: Record<string, unknown>;
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
export const open = (t: TestServer, user: SignedIn, agentId: string): Promise<Detail> => t.ok(calls.chat.open, { agentId, fresh: true }, { as: user });

export const detailOf = (t: TestServer, user: SignedIn, conversationId: string): Promise<Detail> => t.ok(calls.chat.messages, { conversationId }, { as: user });
export const messagesOf = async (t: TestServer, user: SignedIn, conversationId: string) => (await detailOf(t, user, conversationId)).messages;
