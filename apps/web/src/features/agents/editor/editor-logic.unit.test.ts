import type { Agent } from '@starlit/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import { createAutosave, type SaveState } from './autosave';
import { createDraftStore } from './draft-store';
import { missingRequirements, REQUIREMENTS, stepStatuses } from './steps';

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
    map,
  };
}

describe('draft store', () => {
  it('keeps edits by agent id until the server confirms that exact value', () => {
    const storage = memoryStorage();
    const drafts = createDraftStore(storage);
    drafts.edit('a', { nickname: 'Nova' });
    drafts.edit('a', { opening: 'Hi' });
    expect(drafts.read('a')).toEqual({ nickname: 'Nova', opening: 'Hi' });
    expect(drafts.read('b')).toEqual({});
    drafts.edit('a', { nickname: 'Nova2' });
    drafts.confirm('a', { nickname: 'Nova', opening: 'Hi' });
    expect(drafts.read('a')).toEqual({ nickname: 'Nova2' });
    drafts.confirm('a', { nickname: 'Nova2' });
    expect(storage.map.size).toBe(0);
  });

  it('moves the edits of a new agent to its id and ignores broken entries', () => {
    const storage = memoryStorage();
    const drafts = createDraftStore(storage);
    drafts.edit('new', { roleSetting: 'A pirate' });
    drafts.move('new', 'x');
    expect(drafts.read('new')).toEqual({});
    expect(drafts.read('x')).toEqual({ roleSetting: 'A pirate' });
    storage.setItem('starlit.agentDraft.y', '{not json');
    expect(drafts.read('y')).toEqual({});
    storage.setItem('starlit.agentDraft.z', JSON.stringify({ gender: 'Robot' }));
    expect(drafts.read('z')).toEqual({});
  });
});

describe('autosave', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('debounces edits by 300 ms and saves them merged', async () => {
    const save = vi.fn(async () => true);
    const states: SaveState[] = [];
    const autosave = createAutosave<{ a: string; b: string }>({ save, onState: (s) => states.push(s) });
    autosave.edit({ a: '1' });
    await vi.advanceTimersByTimeAsync(200);
    autosave.edit({ b: '2' });
    await vi.advanceTimersByTimeAsync(299);
    expect(save).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(save).toHaveBeenCalledWith({ a: '1', b: '2' });
    expect(states).toEqual(['saving', 'saved']);
  });

  it('puts failed edits back under newer ones and saves them on retry', async () => {
    let ok = false;
    const save = vi.fn(async () => ok);
    const states: SaveState[] = [];
    const autosave = createAutosave<{ a: string; b: string }>({ save, onState: (s) => states.push(s) });
    autosave.edit({ a: '1', b: '1' });
    await vi.advanceTimersByTimeAsync(300);
    expect(states.at(-1)).toBe('failed');
    ok = true;
    autosave.edit({ b: '2' });
    await autosave.flush();
    expect(save).toHaveBeenLastCalledWith({ a: '1', b: '2' });
    expect(states.at(-1)).toBe('saved');
  });

  it('runs one request at a time and sends what was typed meanwhile afterwards', async () => {
    const resolvers: ((ok: boolean) => void)[] = [];
    const save = vi.fn(() => new Promise<boolean>((resolve) => resolvers.push(resolve)));
    const autosave = createAutosave<{ a: string }>({ save, onState: () => undefined });
    autosave.edit({ a: '1' });
    await vi.advanceTimersByTimeAsync(300);
    autosave.edit({ a: '2' });
    await vi.advanceTimersByTimeAsync(300);
    expect(save).toHaveBeenCalledTimes(1);
    resolvers[0](true);
    await vi.advanceTimersByTimeAsync(300);
    expect(save).toHaveBeenCalledTimes(2);
    expect(save).toHaveBeenLastCalledWith({ a: '2' });
  });
});

describe('step statuses', () => {
  const texts = { nickname: 'Nova', gender: 'Unknown', roleSetting: 'A pilot', opening: '', roleIntro: 'x'.repeat(2001) } as const;
  it('counts a text step done only when it is filled and within its rule', () => {
    const statuses = stepStatuses({ ...texts }, null);
    expect(statuses.roleSetting).toBe('done');
    expect(statuses.opening).toBe('missing');
    expect(statuses.roleIntro).toBe('missing');
    expect(statuses.skills).toBe('missing');
    expect(statuses.tags).toBe('optional');
    expect(stepStatuses({ ...texts, roleSetting: 'r'.repeat(1001) }, null).roleSetting).toBe('missing');
  });
});

describe('publish checklist', () => {
  const texts = { nickname: 'Nova', gender: 'Unknown', roleSetting: 'A pilot', opening: 'Hello', roleIntro: 'A guide' } as const;
  const agent: z.infer<typeof Agent> = {
    id: 'a',
    owner: { userId: 'u', userName: 'me', avatar: null },
    isOwner: true,
    ...texts,
    tags: [],
    avatar: { kind: '2d', image: '/media/a.png', vrm: null, editPrompt: null, referenceImage: null, style: null },
    skills: [{ key: 'TextToImage', priceDiamonds: 30, usageDays: 30, owned: true, active: true, expiresAt: '2027-01-01T00:00:00.000Z' }],
    skillTerms: [{ key: 'TextToImage', expiresAt: '2027-01-01T00:00:00.000Z', active: true }],
    voices: [{ voiceId: 'v', name: 'Aria', gender: 'Female', cloned: false, pitch: 0, volume: 1, speed: 1 }],
    isPublic: true,
    status: 'draft',
    publishedAt: null,
    audition: { audio: '/media/a.wav', engine: 'eSpeak', createdAt: '2026-01-01T00:00:00.000Z' },
    missing: [],
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  };

  it('is complete for an agent that can be published, with or without tags and identities', () => {
    expect(missingRequirements(texts, agent).size).toBe(0);
    expect(REQUIREMENTS).toHaveLength(8);
  });

  it('names what is missing, the audition until there is one', () => {
    expect([...missingRequirements({ ...texts, roleIntro: '' }, { ...agent, audition: null })]).toEqual(['agent.roleIntroRequired', 'agent.auditionRequired']);
    expect(missingRequirements(texts, null).has('agent.skillRequired')).toBe(true);
  });
});
