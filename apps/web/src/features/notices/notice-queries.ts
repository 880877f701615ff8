import { calls } from '@starlit/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useCall, useCallMutation, usePagedCall } from '../../api/calls';
import { invalidateCalls } from '../../api/keys';
import { useAuthStore } from '../auth/auth-store';
import type { NoticeKind, NoticeRef } from './notice-types';
import { unreadNumber } from './unread';

/** Fallback refresh when the realtime stream is down (SPEC §7 unread count). */
const UNREAD_POLL_MS = 60_000;
const PAGE_SIZE = 20;

const LISTS = { system: calls.notices.systemList, interact: calls.notices.interactList } as const;
const DETAILS = { system: calls.notices.systemDetail, interact: calls.notices.interactDetail } as const;
const READS = { system: calls.notices.systemRead, interact: calls.notices.interactRead } as const;

function useSignedIn(): boolean {
  return useAuthStore((s) => s.session !== null);
}

/** Unread counts of the signed-in user; refetched on focus, every 60 s and on realtime events. */
export function useUnreadCount() {
  const signedIn = useSignedIn();
  const query = useCall(calls.notices.unreadCount, {}, { enabled: signedIn, refetchInterval: UNREAD_POLL_MS, refetchOnWindowFocus: true });
  const data = signedIn ? query.data : undefined;
  return { system: unreadNumber(data?.system), interact: unreadNumber(data?.interact), all: unreadNumber(data?.all) };
}

/**
 * The server writes notices in the language of the request (X-Lang), so a language switch
 * reads the ones on screen again in the new one.
 */
function useRereadOnLanguageChange() {
  const queryClient = useQueryClient();
  const { i18n } = useTranslation();
  useEffect(() => {
    const reread = () => void invalidateCalls(queryClient, ['notices']);
    i18n.on('languageChanged', reread);
    return () => i18n.off('languageChanged', reread);
  }, [i18n, queryClient]);
}

/** One notice list, newest first, a page at a time. */
export function useNoticeList(kind: NoticeKind) {
  useRereadOnLanguageChange();
  return usePagedCall(LISTS[kind], { limit: PAGE_SIZE }, { enabled: useSignedIn() });
}

/** Marks every notice of one kind read; badge, lists and details are read again either way. */
export function useMarkAllRead(kind: NoticeKind) {
  const queryClient = useQueryClient();
  return useCallMutation(READS[kind], { onSettled: () => invalidateCalls(queryClient, ['notices']) });
}

/** One notice in full; the server marks it read on opening, so badge and list are refreshed after each read. */
export function useNoticeDetail(ref: NoticeRef | null) {
  const queryClient = useQueryClient();
  useRereadOnLanguageChange();
  const kind = ref?.kind ?? 'system';
  const detail = useCall(DETAILS[kind], { id: ref?.id ?? '' }, { enabled: ref !== null, staleTime: Infinity });
  const readAt = detail.isFetchedAfterMount ? detail.dataUpdatedAt : 0;
  useEffect(() => {
    if (readAt > 0) void invalidateCalls(queryClient, [calls.notices.unreadCount, LISTS[kind]]);
  }, [readAt, kind, queryClient]);
  return detail;
}

export interface NewNotice {
  title: string;
  content: string;
  /** null sends to everyone; a user id sends to that user only. */
  userId: string | null;
}

/** Sends a system notice (admins only): to everyone, or to one user. */
export function useSendNotice() {
  const everyone = useCallMutation(calls.notices.createSystem, { invalidates: ['notices'] });
  const oneUser = useCallMutation(calls.notices.createUserSystem, { invalidates: ['notices'] });
  return {
    isPending: everyone.isPending || oneUser.isPending,
    mutate: ({ title, content, userId }: NewNotice, { onSuccess }: { onSuccess(): void }) =>
      userId === null ? everyone.mutate({ title, content }, { onSuccess }) : oneUser.mutate({ userId, title, content }, { onSuccess }),
  };
}
