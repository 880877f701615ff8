import type { DailyTask } from '@starlit/contract';
import { describe, expect, it } from 'vitest';
import { fromShownInput, publishBounds, toShownInput, waitingPublishes } from './publish-time';

describe('publish times at UTC+8', () => {
  it('shows a moment as a datetime-local value at UTC+8, across the day line', () => {
    expect(toShownInput('2025-03-01T17:30:00Z')).toBe('2025-03-02T01:30');
    expect(toShownInput('2025-03-01T01:05:59Z')).toBe('2025-03-01T09:05');
  });

  it('reads a datetime-local value back at UTC+8', () => {
    const iso = fromShownInput('2025-03-02T01:30');
    expect(iso).toBe('2025-03-02T01:30:00+08:00');
    expect(new Date(iso ?? '').toISOString()).toBe('2025-03-01T17:30:00.000Z');
    expect(toShownInput(iso ?? '')).toBe('2025-03-02T01:30');
  });

  it('answers null for an empty or malformed value', () => {
    expect(fromShownInput('')).toBeNull();
    expect(fromShownInput('2025-03-02 01:30')).toBeNull();
    expect(fromShownInput('2025-13-45T99:99')).toBeNull();
  });

  it('bounds a publish between a minute and seven days ahead', () => {
    const now = Date.parse('2025-03-01T00:00:00Z');
    expect(publishBounds(now)).toEqual({ min: '2025-03-01T08:01', max: '2025-03-08T08:00' });
  });
});

describe('waiting publishes', () => {
  const task = (id: string, change: { state?: DailyTask['state']; publishType?: 'immediate' | 'scheduled'; publish?: DailyTask['publish']; publishAt?: string }) =>
    ({
      id,
      state: change.state ?? 'done',
      form: { publishType: change.publishType ?? 'scheduled', publishAt: change.publishAt },
      publish: change.publish ?? { state: 'scheduled', at: change.publishAt ?? null, workId: null },
    }) as DailyTask;

  it('lists scheduled tasks and generating ones that will be, soonest first, each once', () => {
    const later = task('a', { publishAt: '2025-03-01T12:00:00Z' });
    const sooner = task('b', { state: 'generating', publishAt: '2025-03-01T10:00:00Z', publish: { state: 'waiting', at: '2025-03-01T10:00:00Z', workId: null } });
    const immediate = task('c', { state: 'generating', publishType: 'immediate', publish: { state: 'waiting', at: null, workId: null } });
    const published = task('d', { publish: { state: 'published', at: null, workId: 'w' } });
    expect(waitingPublishes({ today: [later, sooner, immediate, published], scheduled: [later] }).map((t) => t.id)).toEqual(['b', 'a']);
  });
});
