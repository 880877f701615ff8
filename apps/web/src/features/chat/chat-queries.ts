import { calls } from '@starlit/contract';
import { useCall, usePagedCall } from '../../api/calls';
import { endsStreaming } from './chat-view';

const HISTORY_PAGE = 20;
const HOT_LIMIT = 30;
/** How often a reply that no stream of this page is writing is read again (after a reload mid-reply). */
const STREAMING_POLL_MS = 1000;

/** The input a conversation is read with; its cached detail sits under this call's key. */
export const conversationInput = (conversationId: string) => ({ conversationId });

/**
 * A conversation with its whole tree. While the shown branch ends in a reply this page is not
 * streaming itself (the page was reloaded mid-reply), it is read again every second until done.
 */
export function useConversation(id: string, streamingHere: boolean) {
  return useCall(calls.chat.messages, conversationInput(id), {
    refetchInterval: (query) => (!streamingHere && query.state.data && endsStreaming(query.state.data) ? STREAMING_POLL_MS : false),
    // the page keeps this entry current itself (stream events, swipes, voices); a background
    // refetch would only race a reply being streamed into it
    staleTime: Infinity,
  });
}

/** My conversations, most recently active first, a page at a time. */
export function useHistory() {
  return usePagedCall(calls.chat.history, { limit: HISTORY_PAGE });
}

/** The memories of a conversation, pinned first. */
export function useMemories(conversationId: string) {
  return useCall(calls.chat.memories, { conversationId });
}

/** The hot list: public agents ranked by recent chat activity. */
export function useHotAgents() {
  return useCall(calls.chat.hot, { limit: HOT_LIMIT });
}
