import { calls, type Work } from '@starlit/contract';
import type { z } from 'zod';
import { useCallOrNull, usePagedCall } from '../../api/calls';
import type { Invalidates } from '../../api/keys';
import type { FeedWork } from '../home/feed-types';

/** What a profile change makes stale: every profile read, and the signed-in user. */
export const PROFILE_READS: Invalidates = ['users', calls.auth.me];

/** A profile, or null when it cannot be seen (no such user, or a block either way). */
export const useProfile = (userId: string) => useCallOrNull(calls.users.profile, { userId });

export const useProfileWorks = (userId: string, section: 'works' | 'posts', enabled: boolean) => usePagedCall(calls.users.works, { userId, section, limit: 20 }, { enabled });

export const useProfileAgents = (userId: string) => usePagedCall(calls.users.agents, { userId, limit: 20 });

/** A work in the shape of a home card, so profiles show works the way home does (and open the same detail). */
export function asFeedWork(work: z.output<typeof Work>): FeedWork {
  const { id, kind, name, description, cover, media, engine, tags, author } = work;
  const waveform = (work.creation ?? work.task)?.files.find((f) => f.role === 'waveform')?.url ?? null;
  return { type: 'work', id, kind, name, description, cover, media, waveform, engine, tags, author, publishedAt: work.publishedAt ?? work.createdAt };
}
