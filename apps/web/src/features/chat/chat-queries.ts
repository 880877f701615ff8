import { calls } from '@starlit/contract';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { requestData } from '../../api/query';
import { endsStreaming } from './chat-view';

const HISTORY_PAGE = 20;
const HOT_LIMIT = 30;
/** How often a reply that no stream of this page is writing is read again (after a reload mid-reply). */
const STREAMING_POLL_MS = 1000;

/** Query keys of the chat room. */
export const chatKeys = {
  all: ['chat'] as const,
  conversation: (id: string) => ['chat', 'conversation', id] as const,
  history: (viewer: string) => ['chat', 'history', viewer] as const,
  memories: (conversationId: string) => ['chat', 'memories', conversationId] as const,
  hot: ['chat', 'hot'] as const,
};

/**
 * A conversation with its whole tree. While the shown branch ends in a reply this page is not
 * streaming itself (the page was reloaded mid-reply), it is read again every second until done.
 */
export function useConversation(id: string, streamingHere: boolean) {
  return useQuery({
    queryKey: chatKeys.conversation(id),
    queryFn: ({ signal }) => requestData(calls.chat.messages, { conversationId: id }, signal),
    refetchInterval: (query) => (!streamingHere && query.state.data && endsStreaming(query.state.data) ? STREAMING_POLL_MS : false),
    // the page keeps this entry current itself (stream events, swipes, voices); a background
    // refetch would only race a reply being streamed into it
    staleTime: Infinity,
  });
}

/** My conversations, most recently active first, a page at a time. */
export function useHistory(viewer: string) {
  return useInfiniteQuery({
    queryKey: chatKeys.history(viewer),
    queryFn: ({ pageParam, signal }) => requestData(calls.chat.history, pageParam ? { cursor: pageParam, limit: HISTORY_PAGE } : { limit: HISTORY_PAGE }, signal),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** The memories of a conversation, pinned first. */
export function useMemories(conversationId: string) {
  return useQuery({
    queryKey: chatKeys.memories(conversationId),
    queryFn: ({ signal }) => requestData(calls.chat.memories, { conversationId }, signal),
  });
}

/** The hot list: public agents ranked by recent chat activity. */
export function useHotAgents() {
  return useQuery({
    queryKey: chatKeys.hot,
    queryFn: ({ signal }) => requestData(calls.chat.hot, { limit: HOT_LIMIT }, signal),
  });
}
