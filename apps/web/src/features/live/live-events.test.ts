import type { LiveEvent } from '@starlit/contract';
import { describe, expect, it } from 'vitest';
import { deletedSeqs, latest, LiveEventBuffer, mutedUsers } from './live-events';

const user = { userId: 'u1', userName: 'Ann', avatar: null };
const chat = (seq: number, text = `m${seq}`): LiveEvent => ({ seq, at: '2026-01-01T00:00:00Z', kind: 'chat', user, text, deleted: false });

describe('LiveEventBuffer', () => {
  it('keeps events once, in order', () => {
    const b = new LiveEventBuffer();
    b.load([chat(3), chat(1), chat(2)], 0);
    expect(b.list().map((e) => e.seq)).toEqual([1, 2, 3]);
    expect(b.accept(chat(4))).toBe('new');
    expect(b.accept(chat(4))).toBe('duplicate');
    expect(b.accept(chat(2))).toBe('duplicate');
    expect(b.list().map((e) => e.seq)).toEqual([1, 2, 3, 4]);
    expect(b.lastSeq).toBe(4);
  });
  it('refuses an event past a gap, so the caller reconnects from the last number', () => {
    const b = new LiveEventBuffer();
    b.load([chat(5)], 4);
    expect(b.accept(chat(7))).toBe('gap');
    expect(b.lastSeq).toBe(5);
    expect(b.list().map((e) => e.seq)).toEqual([5]);
    // the replay from 5 fills it in
    expect(b.accept(chat(6))).toBe('new');
    expect(b.accept(chat(7))).toBe('new');
    expect(b.lastSeq).toBe(7);
  });
  it('history starts after its `after`, even when empty', () => {
    const b = new LiveEventBuffer();
    b.load([], 50);
    expect(b.lastSeq).toBe(50);
    expect(b.accept(chat(51))).toBe('new');
  });
  it('keeps only the newest ones, and forgets all on clear', () => {
    const b = new LiveEventBuffer(3);
    b.load([chat(1), chat(2), chat(3), chat(4)], 0);
    expect(b.list().map((e) => e.seq)).toEqual([2, 3, 4]);
    b.clear();
    expect(b.list()).toEqual([]);
    expect(b.lastSeq).toBe(0);
  });
});

describe('derived state', () => {
  it('deleted messages and mutes come from moderation events', () => {
    const events: LiveEvent[] = [
      chat(1),
      { ...(chat(2) as Extract<LiveEvent, { kind: 'chat' }>), deleted: true },
      { seq: 3, at: '', kind: 'moderation', action: 'delete', targetSeq: 1, user },
      { seq: 4, at: '', kind: 'moderation', action: 'mute', targetSeq: null, user },
    ];
    expect([...deletedSeqs(events)].sort()).toEqual([1, 2]);
    expect(mutedUsers(events).get('u1')).toBe(true);
    expect(mutedUsers([...events, { seq: 5, at: '', kind: 'moderation', action: 'unmute', targetSeq: null, user }]).get('u1')).toBe(false);
    expect(latest(events, 'moderation')?.seq).toBe(4);
    expect(latest(events, 'gift')).toBeNull();
  });
});
