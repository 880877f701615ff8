import { z } from 'zod';
import { defineCall, PageInput, pageOf } from '../call.ts';
import { AnyCursor } from '../rules/cursor.ts';

/** Home tabs of SPEC §2, in order. */
export const HomeTab = z.enum(['recommend', 'following', 'agent', 'image', 'video', 'audio', 'post']);

/**
 * The community center's tabs (SPEC §2 "Other content tabs", docs/community.md): all works by
 * Recommend's rank, creations, dance, activities (posts) and my following, each newest first.
 */
export const CommunityTab = z.enum(['all', 'works', 'dance', 'activities', 'following']);

/**
 * Work kinds shown on the home grid. A `dance` is a music2Dance creation: a VRM Animation played
 * in 3D with its song; home's video tab shows it beside videos (docs/works.md, Provenance).
 */
export const WorkKind = z.enum(['image', 'video', 'audio', 'dance', 'post']);

const Author = z.object({ userId: z.string(), userName: z.string(), avatar: z.string().nullable() });

/** One card of the home grid: a public agent or a published public work. */
export const FeedItem = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('agent'),
    id: z.string(),
    nickname: z.string(),
    intro: z.string(),
    avatar: z.string().nullable(),
    tags: z.array(z.string()),
    owner: Author,
    createdAt: z.string(),
  }),
  z.object({
    type: z.literal('work'),
    id: z.string(),
    kind: WorkKind,
    name: z.string(),
    description: z.string(),
    cover: z.string().nullable(),
    media: z.string().nullable(),
    /** The waveform picture of a piece made in the studio (text2Music), for a card with no cover. */
    waveform: z.string().nullable(),
    engine: z.string().nullable(),
    tags: z.array(z.string()),
    author: Author,
    publishedAt: z.string(),
  }),
]);

export const homeCalls = {
  feed: defineCall({
    path: '/ai/api/v1/home/feed',
    summary: 'The home grid for a tab: Recommend by rank (engagement with decay), the others newest first',
    tag: 'home',
    access: 'public',
    input: PageInput.extend({ tab: HomeTab, cursor: AnyCursor.optional() }),
    output: pageOf(FeedItem).extend({ needsLogin: z.boolean() }),
  }),
  community: defineCall({
    path: '/ai/api/v1/home/community',
    summary: "The community center's grid for a tab: all by rank, creations, dance, activities (posts), my following",
    tag: 'home',
    access: 'public',
    input: PageInput.extend({ tab: CommunityTab, cursor: AnyCursor.optional() }),
    output: pageOf(FeedItem).extend({ needsLogin: z.boolean() }),
  }),
};
