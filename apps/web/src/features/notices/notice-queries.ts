import { calls } from '@starlit/contract';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { requestData } from '../../api/query';
import { useAuthStore } from '../auth/auth-store';
import type { Notice, NoticeKind, NoticeRef } from './notice-types';
import { unreadNumber } from './unread';

/** Every notices query sits under this key, so one invalidation refreshes badge, lists and details. */
export const NOTICES_KEY = ['notices'] as const;
const UNREAD_KEY = [...NOTICES_KEY, 'unread'] as const;
const listKey = (kind: NoticeKind) => [...NOTICES_KEY, 'list', kind] as const;

/** Fallback refresh when the realtime stream is down (SPEC §7 unread count). */
const UNREAD_POLL_MS = 60_000;
const PAGE_SIZE = 20;

function useSignedIn(): boolean {
  return useAuthStore((s) => s.session !== null);
}

/** Unread counts of the signed-in user; refetched on focus, every 60 s and on realtime events. */
export function useUnreadCount() {
  const signedIn = useSignedIn();
  const query = useQuery({
    queryKey: UNREAD_KEY,
    queryFn: ({ signal }) => requestData(calls.notices.unreadCount, {}, signal),
    enabled: signedIn,
    refetchInterval: UNREAD_POLL_MS,
    refetchOnWindowFocus: true,
  });
  const data = signedIn ? query.data : undefined;
  return { system: unreadNumber(data?.system), interact: unreadNumber(data?.interact), all: unreadNumber(data?.all) };
}

async function listPage(kind: NoticeKind, cursor: string, signal: AbortSignal) {
  const input = cursor ? { cursor, limit: PAGE_SIZE } : { limit: PAGE_SIZE };
  const page = kind === 'system' ? await requestData(calls.notices.systemList, input, signal) : await requestData(calls.notices.interactList, input, signal);
  const items: Notice[] = page.items;
  return { items, nextCursor: page.nextCursor };
}

/** One notice list, newest first, a page at a time. */
export function useNoticeList(kind: NoticeKind) {
  return useInfiniteQuery({
    queryKey: listKey(kind),
    queryFn: ({ pageParam, signal }) => listPage(kind, pageParam, signal),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: useSignedIn(),
  });
}

/** Marks every notice of one kind read. */
export function useMarkAllRead(kind: NoticeKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => requestData(kind === 'system' ? calls.notices.systemRead : calls.notices.interactRead, { all: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: NOTICES_KEY }),
  });
}

/** One notice in full; the server marks it read on opening, so badge and lists are refreshed after. */
export function useNoticeDetail(ref: NoticeRef | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: [...NOTICES_KEY, 'detail', ref?.kind, ref?.id],
    queryFn: async ({ signal }): Promise<Notice> => {
      if (!ref) throw new Error('no notice selected');
      const notice = ref.kind === 'system' ? await requestData(calls.notices.systemDetail, { id: ref.id }, signal) : await requestData(calls.notices.interactDetail, { id: ref.id }, signal);
      void queryClient.invalidateQueries({ queryKey: UNREAD_KEY });
      void queryClient.invalidateQueries({ queryKey: listKey(ref.kind) });
      return notice;
    },
    enabled: ref !== null,
    staleTime: Infinity,
  });
}

export interface NewNotice {
  title: string;
  content: string;
  /** null sends to everyone; a user id sends to that user only. */
  userId: string | null;
}

/** Sends a system notice (admins only): to everyone, or to one user. */
export function useSendNotice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ title, content, userId }: NewNotice) =>
      userId === null ? requestData(calls.notices.createSystem, { title, content }) : requestData(calls.notices.createUserSystem, { userId, title, content }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: NOTICES_KEY }),
  });
}
