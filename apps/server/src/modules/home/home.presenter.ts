import type { FeedItem } from '@starlit/contract';
import type { z } from 'zod';
import type { FeedRow } from '../works/works.repository.ts';
import type { AgentFeedRow } from './home.repository.ts';

/** A work as a card of the home grid (and of search results). */
export function presentWorkCard(row: FeedRow): z.input<typeof FeedItem> & { type: 'work' } {
  return {
    type: 'work',
    id: row.id,
    kind: row.kind,
    name: row.title,
    description: row.body,
    cover: row.cover,
    media: row.media,
    waveform: row.waveform,
    engine: row.engine,
    tags: row.tags,
    author: { userId: row.userId, userName: row.userName, avatar: row.userAvatar },
    publishedAt: row.at.toISOString(),
  };
}

/** An agent as a card of the home grid (and of search results). */
export function presentAgentCard(row: AgentFeedRow): z.input<typeof FeedItem> & { type: 'agent' } {
  return {
    type: 'agent',
    id: row.id,
    nickname: row.title,
    intro: row.body,
    avatar: row.cover,
    tags: row.tags,
    owner: { userId: row.userId, userName: row.userName, avatar: row.userAvatar },
    createdAt: row.at.toISOString(),
  };
}
