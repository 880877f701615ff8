import { calls, type Agent, type AgentCard } from '@starlit/contract';
import { QueryClient, type InfiniteData } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { callKey } from './keys';
import { updateShadow } from './shadow';

type Card = z.output<typeof AgentCard>;
type Detail = z.output<typeof Agent>;
type Page = { items: Card[]; nextCursor: string | null };

const owner = { userId: 'u1', userName: 'Ann', avatar: null };
const card = (id: string, nickname: string): Card => ({
  id,
  owner,
  nickname,
  gender: 'Female',
  roleIntro: '',
  tags: [],
  isPublic: false,
  status: 'draft',
  publishedAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  avatar: null,
});
const detail = (id: string, nickname: string): Detail => ({
  ...card(id, nickname),
  isOwner: true,
  roleSetting: '',
  opening: '',
  avatar: { kind: '2d', image: null, vrm: null, editPrompt: null, referenceImage: null, style: null },
  skills: [],
  skillTerms: [],
  voices: [],
  audition: null,
  missing: [],
  updatedAt: '2026-01-01T00:00:00.000Z',
});

const pages = (...lists: Card[][]): InfiniteData<Page, string> => ({
  pages: lists.map((items, i) => ({ items, nextCursor: i < lists.length - 1 ? `c${i}` : null })),
  pageParams: lists.map((_, i) => (i === 0 ? '' : `c${i - 1}`)),
});

function seeded() {
  const client = new QueryClient();
  const mineKey = callKey(calls.agents.mine, { limit: 20 });
  const publicKey = callKey(calls.agents.publicList, { limit: 20 });
  const detailKey = callKey(calls.agents.get, { id: 'a1' });
  const otherDetailKey = callKey(calls.agents.get, { id: 'a2' });
  client.setQueryData(mineKey, pages([card('a2', 'Bo')], [card('a1', 'Ada')]));
  client.setQueryData(publicKey, pages([card('a3', 'Cy'), card('a1', 'Ada')]));
  client.setQueryData(detailKey, detail('a1', 'Ada'));
  client.setQueryData(otherDetailKey, detail('a2', 'Bo'));
  return { client, mineKey, publicKey, detailKey, otherDetailKey };
}

describe('updateShadow', () => {
  it('changes one agent in two lists and its detail at once', () => {
    const { client, mineKey, publicKey, detailKey } = seeded();
    updateShadow(client, 'agent', 'a1', { status: 'published', isPublic: true, publishedAt: '2026-02-02T00:00:00.000Z' });

    const mine = client.getQueryData<InfiniteData<Page, string>>(mineKey);
    const shown = client.getQueryData<InfiniteData<Page, string>>(publicKey);
    const one = client.getQueryData<Detail>(detailKey);
    expect(mine?.pages[1].items[0]).toMatchObject({ id: 'a1', status: 'published', isPublic: true, publishedAt: '2026-02-02T00:00:00.000Z' });
    expect(shown?.pages[0].items[1]).toMatchObject({ id: 'a1', status: 'published', isPublic: true });
    expect(one).toMatchObject({ id: 'a1', status: 'published', isPublic: true, nickname: 'Ada' });
  });

  it('leaves other agents, and every branch without the agent, as they were (same objects)', () => {
    const { client, mineKey, publicKey, otherDetailKey } = seeded();
    const before = { mine: client.getQueryData<InfiniteData<Page, string>>(mineKey), shown: client.getQueryData<InfiniteData<Page, string>>(publicKey), other: client.getQueryData(otherDetailKey) };
    updateShadow(client, 'agent', 'a1', { nickname: 'Ada Two' });

    const mine = client.getQueryData<InfiniteData<Page, string>>(mineKey);
    expect(mine).not.toBe(before.mine);
    expect(mine?.pages[0]).toBe(before.mine?.pages[0]);
    expect(mine?.pages[1].items[0].nickname).toBe('Ada Two');
    expect(client.getQueryData<InfiniteData<Page, string>>(publicKey)?.pages[0].items[0]).toBe(before.shown?.pages[0].items[0]);
    expect(client.getQueryData(otherDetailKey)).toBe(before.other);
  });

  it('adds no field an entity does not have, and changes nothing when the values are already there', () => {
    const client = new QueryClient();
    const feedKey = callKey(calls.home.feed, { tab: 'recommend', limit: 20 });
    const feed = {
      pages: [{ items: [{ type: 'agent', id: 'a1', nickname: 'Ada', intro: '', avatar: null, tags: [], owner, createdAt: '2026-01-01T00:00:00.000Z' }], nextCursor: null, needsLogin: false }],
      pageParams: [''],
    };
    client.setQueryData(feedKey, feed);
    updateShadow(client, 'agent', 'a1', { nickname: 'Ada', status: 'published' });
    expect(client.getQueryData(feedKey)).toBe(feed);
    updateShadow(client, 'agent', 'a1', { nickname: 'Ada Two', status: 'published' });
    expect(client.getQueryData<typeof feed>(feedKey)?.pages[0].items[0]).toEqual({ ...feed.pages[0].items[0], nickname: 'Ada Two' });
  });

  it('finds the agent in the hot list by its agentId and leaves uncached calls uncached', () => {
    const client = new QueryClient();
    const hotKey = callKey(calls.chat.hot, { limit: 30 });
    client.setQueryData(hotKey, { items: [{ agentId: 'a1', nickname: 'Ada', avatar: null, intro: '', heat: 1, chatters: 1, lastChatAt: null }] });
    updateShadow(client, 'agent', 'a1', { nickname: 'Ada Two' });
    expect(client.getQueryData<{ items: { nickname: string }[] }>(hotKey)?.items[0].nickname).toBe('Ada Two');
    expect(client.getQueryData(callKey(calls.agents.get, { id: 'a1' }))).toBeUndefined();
    expect(client.getQueryCache().findAll({ queryKey: [calls.agents.get.path] })).toHaveLength(0);
  });
});
