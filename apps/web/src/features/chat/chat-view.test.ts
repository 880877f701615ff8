import { describe, expect, it } from 'vitest';
import {
  applyEvent,
  endsStreaming,
  PENDING_REPLY_ID,
  PENDING_USER_ID,
  shownMessages,
  swipedTo,
  withoutPending,
  withPendingRegenerate,
  withPendingSend,
  withStopped,
  type Detail,
  type Message,
} from './chat-view';

function msg(id: string, parentId: string | null, role: Message['role'], status: Message['status'] = 'complete'): Message {
  return { id, parentId, role, content: id, status, engine: null, suggestions: [], voice: null, createdAt: '2026-01-01T00:00:00Z' };
}

function detail(messages: Message[], leafId: string | null): Detail {
  return {
    id: 'c',
    agentId: 'a',
    agentNickname: 'Luna',
    agentAvatar: null,
    title: '',
    preview: '',
    createdAt: '',
    lastActivityAt: '',
    messages,
    leafId,
    agentHasVoice: true,
    engine: 'offline',
    offline: true,
  };
}

// opening o; question q; replies r1, r2 (regenerated); edited question q2 with reply r3
const tree = [msg('o', null, 'agent'), msg('q', 'o', 'user'), msg('r1', 'q', 'agent'), msg('r2', 'q', 'agent'), msg('q2', 'o', 'user'), msg('r3', 'q2', 'agent')];

describe('shownMessages', () => {
  it('shows the chosen branch with each message’s place among its alternatives', () => {
    const shown = shownMessages(detail(tree, 'r1'));
    expect(shown.map((s) => s.message.id)).toEqual(['o', 'q', 'r1']);
    expect(shown[0]).toMatchObject({ opening: true, position: 1, count: 1 });
    expect(shown[1]).toMatchObject({ opening: false, position: 1, count: 2, previousId: null, nextId: 'q2' });
    expect(shown[2]).toMatchObject({ position: 1, count: 2, nextId: 'r2' });
  });

  it('falls back to the newest message’s branch when the leaf is unknown', () => {
    expect(shownMessages(detail(tree, 'gone')).map((s) => s.message.id)).toEqual(['o', 'q2', 'r3']);
  });
});

describe('swipedTo', () => {
  it('follows the newest replies below the chosen alternative', () => {
    expect(swipedTo(detail(tree, 'r1'), 'q').leafId).toBe('r2');
    expect(swipedTo(detail(tree, 'r1'), 'q2').leafId).toBe('r3');
    expect(swipedTo(detail(tree, 'r2'), 'r1').leafId).toBe('r1');
  });
});

describe('endsStreaming', () => {
  it('is true only when the shown branch ends in a streaming reply', () => {
    const live = [...tree, msg('q3', 'r3', 'user'), msg('r4', 'q3', 'agent', 'streaming')];
    expect(endsStreaming(detail(live, 'r4'))).toBe(true);
    expect(endsStreaming(detail(live, 'r1'))).toBe(false);
    expect(endsStreaming(detail([], null))).toBe(false);
  });
});

describe('a streamed send', () => {
  it('shows the message at once, names it on start, grows with tokens and ends with done and suggestions', () => {
    let d = withPendingSend(detail(tree, 'r1'), 'hello', 'r1');
    expect(shownMessages(d).map((s) => s.message.id)).toEqual(['o', 'q', 'r1', PENDING_USER_ID, PENDING_REPLY_ID]);
    d = applyEvent(d, { type: 'start', data: { messageId: 'r5', userMessageId: 'q5', parentId: 'q5' } }, PENDING_REPLY_ID);
    d = applyEvent(d, { type: 'token', data: { text: 'Hi' } }, 'r5');
    d = applyEvent(d, { type: 'token', data: { text: ' there\n' } }, 'r5');
    expect(d.leafId).toBe('r5');
    expect(
      shownMessages(d)
        .slice(-2)
        .map((s) => [s.message.id, s.message.parentId, s.message.content, s.message.status]),
    ).toEqual([
      ['q5', 'r1', 'hello', 'complete'],
      ['r5', 'q5', 'Hi there\n', 'streaming'],
    ]);
    d = applyEvent(d, { type: 'done', data: { messageId: 'r5', userMessageId: 'q5', status: 'complete' } }, 'r5');
    d = applyEvent(d, { type: 'suggestions', data: { messageId: 'r5', suggestions: ['a', 'b', 'c', 'd'] } }, 'r5');
    const last = d.messages.find((m) => m.id === 'r5');
    expect(last?.status).toBe('complete');
    expect(last?.suggestions).toEqual(['a', 'b', 'c']);
  });

  it('an edit is a sibling of the edited message, and nothing old is overwritten', () => {
    let d = withPendingSend(detail(tree, 'r1'), 'edited', 'o');
    d = applyEvent(d, { type: 'start', data: { messageId: 'r6', userMessageId: 'q6', parentId: 'q6' } }, PENDING_REPLY_ID);
    const shown = shownMessages(d);
    expect(shown.map((s) => s.message.id)).toEqual(['o', 'q6', 'r6']);
    expect(shown[1]).toMatchObject({ position: 3, count: 3 });
    expect(d.messages.filter((m) => tree.some((t) => t.id === m.id))).toEqual(tree);
  });

  it('a regenerate adds a sibling of the reply', () => {
    let d = withPendingRegenerate(detail(tree, 'r1'), 'r1');
    d = applyEvent(d, { type: 'start', data: { messageId: 'r7', userMessageId: null, parentId: 'q' } }, PENDING_REPLY_ID);
    expect(shownMessages(d)[2]).toMatchObject({ position: 3, count: 3, previousId: 'r2' });
  });

  it('a stop keeps the partial reply as interrupted; a refusal removes the pending messages', () => {
    const sent = applyEvent(withPendingSend(detail(tree, 'r1'), 'hello', 'r1'), { type: 'token', data: { text: 'par' } }, PENDING_REPLY_ID);
    expect(withStopped(sent).messages.at(-1)).toMatchObject({ content: 'par', status: 'interrupted' });
    expect(withoutPending(sent, 'r1')).toEqual(detail(tree, 'r1'));
  });
});
