import { CHAT_REGENERATE_PATH, CHAT_SEND_PATH } from '@starlit/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useCurrentUser } from '../auth/auth-store';
import { chatKeys } from './chat-queries';
import { runChatStream } from './chat-stream';
import { applyEvent, PENDING_REPLY_ID, withoutPending, withPendingRegenerate, withPendingSend, withStopped, type Detail } from './chat-view';

/**
 * Streams replies into the cached conversation: the message and an empty reply show at once,
 * tokens grow it, `done` frees the input (SPEC §1: chat input waits until the previous
 * generation finishes) and suggestions may still follow. Stop aborts the request, which makes
 * the server stop the model and keep the partial reply as interrupted.
 */
export function useChatStream(conversationId: string) {
  const queryClient = useQueryClient();
  const viewer = useCurrentUser()?.userId ?? null;
  const key = useMemo(() => chatKeys.conversation(conversationId), [conversationId]);
  const [busy, setBusy] = useState(false);
  const controller = useRef<AbortController | null>(null);

  // leaving the conversation stops its reply, as Stop would (the server keeps the partial text)
  // biome-ignore lint/correctness/useExhaustiveDependencies: conversationId is the trigger: the cleanup runs when it changes
  useEffect(() => () => controller.current?.abort(), [conversationId]);

  const update = useCallback((change: (detail: Detail) => Detail) => queryClient.setQueryData<Detail>(key, (old) => (old ? change(old) : old)), [queryClient, key]);

  const run = useCallback(
    async (start: (detail: Detail) => Detail, request: Parameters<typeof runChatStream>[0]): Promise<boolean> => {
      const before = queryClient.getQueryData<Detail>(key);
      if (!before || controller.current) return false;
      // taken before anything is awaited, so a double click cannot start a second reply
      const abort = new AbortController();
      controller.current = abort;
      setBusy(true);
      // a poll landing now would replace the pending messages with the server's older view
      await queryClient.cancelQueries({ queryKey: key });
      update(start);
      let replyId = PENDING_REPLY_ID;
      let started = false;
      let finished = false;
      const end = await runChatStream(
        request,
        (event) => {
          if (event.type === 'start') {
            started = true;
            update((d) => applyEvent(d, event, replyId));
            replyId = event.data.messageId;
            return;
          }
          update((d) => applyEvent(d, event, replyId));
          if (event.type === 'done') {
            finished = true;
            // the input is free from here (suggestions may still come): the next send may start
            controller.current = null;
            setBusy(false);
            void queryClient.invalidateQueries({ queryKey: chatKeys.memories(conversationId) });
            if (viewer) void queryClient.invalidateQueries({ queryKey: chatKeys.history(viewer) });
          }
        },
        abort.signal,
      );
      if (controller.current === abort) controller.current = null;
      // a reply sent after this one's `done` may be streaming now: it owns the busy state
      if (controller.current === null) setBusy(false);
      if (end.kind === 'refused') {
        update((d) => withoutPending(d, before.leafId));
        return false;
      }
      if (end.kind === 'broken' && !started) {
        // the server may have stored the message before the stream broke: show what it kept,
        // and give the text back only when no stream ever opened (nothing reached it)
        update((d) => withoutPending(d, before.leafId));
        await queryClient.invalidateQueries({ queryKey: key });
        if (viewer) void queryClient.invalidateQueries({ queryKey: chatKeys.history(viewer) });
        return end.opened;
      }
      if (finished) {
        // memories are summarized after `done`: read them once the stream has ended
        void queryClient.invalidateQueries({ queryKey: chatKeys.memories(conversationId) });
        return true;
      }
      // what the server kept of a stopped or broken reply is the truth: read it back
      update(withStopped);
      await queryClient.invalidateQueries({ queryKey: key });
      if (viewer) void queryClient.invalidateQueries({ queryKey: chatKeys.history(viewer) });
      return true;
    },
    [queryClient, key, update, conversationId, viewer],
  );

  /**
   * Sends a message; with `parentId` it answers that message instead (an edit makes a new
   * branch). Answers false when it was not taken (refused, or a reply is still running).
   */
  const send = useCallback(
    (content: string, parentId?: string | null) => {
      const leaf = queryClient.getQueryData<Detail>(key)?.leafId ?? null;
      const parent = parentId === undefined ? leaf : parentId;
      // the parent is always named: the server's idea of the shown branch may lag a swipe
      return run((d) => withPendingSend(d, content, parent), { path: CHAT_SEND_PATH, body: { conversationId, content, parentId: parent } });
    },
    [queryClient, key, run, conversationId],
  );

  /** Writes another version of an agent reply, shown as its sibling. */
  const regenerate = useCallback((messageId: string) => run((d) => withPendingRegenerate(d, messageId), { path: CHAT_REGENERATE_PATH, body: { conversationId, messageId } }), [run, conversationId]);

  const stop = useCallback(() => controller.current?.abort(), []);

  return { busy, send, regenerate, stop };
}
