import { z } from 'zod';
import { defineCall, PageInput, pageOf } from '../call.ts';
import { ScoreCursor } from '../rules/cursor.ts';
import { FeedItem } from './home.ts';

/** The longest search text, in characters (after trimming). */
export const SEARCH_QUERY_MAX = 50;

/** What a search looks for: one tab of the results page each. */
export const SearchType = z.enum(['works', 'agents', 'users']);

/** Search text: control characters become spaces (nobody types them), then trimmed, 1 to 50 characters. */
export const SearchQuery = z
  .string()
  .max(SEARCH_QUERY_MAX * 4)
  .transform((q) => q.replace(/\p{Cc}/gu, ' ').trim())
  .pipe(z.string().min(1).max(SEARCH_QUERY_MAX));

/** A user in search results. */
export const SearchUser = z.object({ userId: z.string(), userName: z.string(), avatar: z.string().nullable() });

const WorkItem = FeedItem.options[1];
const AgentItem = FeedItem.options[0];

export const searchCalls = {
  search: defineCall({
    path: '/ai/api/v1/search',
    summary: 'Works, agents or users matching the text by name, tags and description (English by word prefix, Chinese by two-character words), best match first',
    tag: 'search',
    access: 'public',
    input: PageInput.extend({ q: SearchQuery, type: SearchType, cursor: ScoreCursor.optional() }),
    output: z.discriminatedUnion('type', [
      pageOf(WorkItem).extend({ type: z.literal('works') }),
      pageOf(AgentItem).extend({ type: z.literal('agents') }),
      pageOf(SearchUser).extend({ type: z.literal('users') }),
    ]),
  }),
};
