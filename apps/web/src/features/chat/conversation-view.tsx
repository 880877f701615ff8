import { calls } from '@starlit/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { callApi, isOk, isRefused } from '../../api/client';
import { useCallMutation } from '../../api/calls';
import { setCallData } from '../../api/keys';
import { CallFailure } from '../../api/query';
import { Avatar } from '../../ui/avatar';
import { Button, buttonClass } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { AlertIcon, ChevronLeftIcon, PlusIcon, SparklesIcon } from '../../ui/icons';
import { LoadFailed } from '../../ui/load-failed';
import { Modal } from '../../ui/modal';
import { Loading } from '../../ui/loading';
import { Skeleton } from '../../ui/skeleton';
import { notifyError } from '../../ui/toast';
import { useDocumentTitle } from '../../ui/use-document-title';
import { conversationInput, useConversation } from './chat-queries';
import { shownMessages, swipedTo, type Detail } from './chat-view';
import { Composer } from './composer';
import { MemoryPanel } from './memory-panel';
import { MessageBubble, type MessageActions } from './message-bubble';
import { useChatStream } from './use-chat-stream';
import { ChatGiftButton } from '../gifts/gift-wall';

/** Wide enough that the full notice does not crowd the messages. */
const WIDE = '(min-width: 1024px)';

/**
 * Says plainly that no language model answers, and how to connect one (README "Chat"). On
 * phones it starts folded to its first line, so the messages keep the screen.
 */
function OfflineNotice() {
  const { t } = useTranslation('chat');
  const [open] = useState(() => window.matchMedia(WIDE).matches);
  return (
    <aside aria-label={t('room.offlineTitle')} className="mx-3 mt-3 rounded-xl border border-amber-200 bg-amber-50 text-xs leading-relaxed text-amber-900 sm:mx-4">
      <details open={open} className="px-4 py-2.5">
        <summary className="cursor-pointer marker:text-amber-700">
          <strong className="font-semibold">{t('room.offlineLabel')}</strong> {t('room.offlineShort')}
        </summary>
        <p className="mt-1">{t('room.offlineBody')}</p>
        <p className="mt-1">{t('room.offlineHow')}</p>
      </details>
    </aside>
  );
}

/** Starts a new conversation with an agent (chat/open with fresh: true, "New chat") and goes there. */
function useNewConversation() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallMutation(calls.chat.open, {
    onSuccess: (detail) => {
      setCallData(queryClient, calls.chat.messages, conversationInput(detail.id), detail);
      void navigate(`/chatroom?conversationId=${detail.id}`);
    },
    invalidates: [calls.chat.history],
  });
}

/** Keeps the newest message in view while the person is at the bottom; reading older ones is not interrupted. */
function useStickToBottom(dep: unknown) {
  const list = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: dep is the trigger: scroll once whatever it stands for has rendered
  useLayoutEffect(() => {
    const el = list.current;
    if (el && atBottom.current) el.scrollTop = el.scrollHeight;
  }, [dep]);
  const onScroll = () => {
    const el = list.current;
    if (el) atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 80;
  };
  return { list, onScroll };
}

function Room({ detail, stream }: { detail: Detail; stream: ReturnType<typeof useChatStream> }) {
  const { t } = useTranslation('chat');
  const queryClient = useQueryClient();
  const newConversation = useNewConversation();
  const [memoriesOpen, setMemoriesOpen] = useState(false);
  const shown = useMemo(() => shownMessages(detail), [detail]);
  const last = shown.at(-1);
  const { list, onScroll } = useStickToBottom(detail);

  const [editDraft, setEditDraft] = useState<MessageActions['editDraft']>(null);
  // answers to quick swipes can come back out of order: only the latest one may move the view
  const lastSwipe = useRef(0);
  const selecting = useRef<Promise<void>>(Promise.resolve());

  const swipe = (messageId: string) => {
    const swipeNumber = ++lastSwipe.current;
    setCallData(queryClient, calls.chat.messages, conversationInput(detail.id), (d) => (d ? swipedTo(d, messageId) : d));
    // remembered on the server, so a reload shows the same branch; one at a time, so the
    // server ends on the last swipe too
    selecting.current = selecting.current
      .then(() => callApi(calls.chat.select, { conversationId: detail.id, messageId }))
      .then((result) => {
        if (swipeNumber !== lastSwipe.current) return;
        if (isOk(result)) setCallData(queryClient, calls.chat.messages, conversationInput(detail.id), (d) => (d ? { ...d, leafId: result.data.leafId } : d));
        else if (isRefused(result)) notifyError(result.message);
      });
  };

  const actions: MessageActions = {
    conversationId: detail.id,
    agentName: detail.agentNickname,
    agentAvatar: detail.agentAvatar,
    agentHasVoice: detail.agentHasVoice,
    busy: stream.busy,
    swipe,
    regenerate: (id) => void stream.regenerate(id),
    edit: (messageId, parentId, content) => {
      setEditDraft(null);
      void stream.send(content, parentId).then((taken) => {
        if (!taken) setEditDraft({ messageId, text: content });
      });
    },
    editDraft,
    discardEditDraft: () => setEditDraft(null),
    newConversation: () => newConversation.mutate({ agentId: detail.agentId, fresh: true }),
  };

  const suggestions = !stream.busy && last?.message.role === 'agent' && last.message.status !== 'streaming' ? last.message.suggestions.slice(0, 3) : [];

  return (
    <div className="flex min-h-0 min-w-0 flex-1">
      <section aria-label={t('room.messages', { name: detail.agentNickname })} className="flex min-h-0 min-w-0 flex-1 flex-col">
        <header className="flex items-center gap-1.5 border-b border-line bg-surface px-3 py-2.5 sm:gap-2 sm:px-4">
          <Link to="/chatroom" aria-label={t('history.back')} className="grid size-9 place-items-center rounded-full text-muted hover:bg-brand-50 hover:text-ink lg:hidden">
            <ChevronLeftIcon />
          </Link>
          <Link
            to={`/agentcenter/${detail.agentId}`}
            aria-label={t('room.agentPage', { name: detail.agentNickname })}
            className="flex min-w-0 items-center gap-2 rounded-full pr-1 hover:opacity-90 sm:gap-2.5 sm:pr-2"
          >
            <Avatar name={detail.agentNickname} src={detail.agentAvatar} size="md" />
            <span className="min-w-0">
              <span className="block truncate font-semibold text-ink">{detail.agentNickname}</span>
              <span className="block truncate text-[11px] text-muted">{detail.offline ? t('room.offlineTitle') : detail.engine}</span>
            </span>
          </Link>
          <span className="ml-auto flex shrink-0 gap-1 sm:gap-1.5">
            <ChatGiftButton agentId={detail.agentId} agentName={detail.agentNickname} />
            <Button variant="secondary" size="sm" className="max-sm:px-3 xl:hidden" onClick={() => setMemoriesOpen(true)} aria-haspopup="dialog">
              {t('room.memories')}
            </Button>
            <Button
              variant="secondary"
              size="sm"
              className="max-sm:px-3"
              icon={<PlusIcon size={16} />}
              disabled={newConversation.isPending}
              onClick={() => newConversation.mutate({ agentId: detail.agentId, fresh: true })}
              aria-label={t('room.newChat')}
            >
              <span className="hidden sm:inline">{t('room.newChat')}</span>
            </Button>
          </span>
        </header>
        {detail.offline && <OfflineNotice />}
        <div ref={list} onScroll={onScroll} className="min-h-0 flex-1 overflow-y-auto px-3 py-4 sm:px-4">
          <ol role="log" aria-label={t('room.messages', { name: detail.agentNickname })} className="mx-auto flex max-w-3xl flex-col gap-4">
            {shown.map((item) => (
              <MessageBubble key={item.message.id} shown={item} actions={actions} />
            ))}
          </ol>
          {suggestions.length > 0 && (
            <ul aria-label={t('message.suggestions')} className="mx-auto mt-3 flex max-w-3xl flex-wrap gap-2 pl-10">
              {suggestions.map((text) => (
                <li key={text}>
                  <button
                    type="button"
                    onClick={() => void stream.send(text)}
                    className="inline-flex max-w-full cursor-pointer items-center gap-1.5 rounded-full border border-brand-300 bg-surface px-3 py-1.5 text-left text-xs font-medium text-brand-800 transition-colors hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-500 dark:text-brand-200 dark:hover:bg-white/10"
                  >
                    <SparklesIcon size={14} className="shrink-0" />
                    <span className="line-clamp-2">{text}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
        <Composer agentName={detail.agentNickname} busy={stream.busy} onSend={stream.send} onStop={stream.stop} />
      </section>
      <aside aria-labelledby="memories-heading" className="hidden w-80 shrink-0 flex-col gap-3 overflow-y-auto border-l border-line bg-surface p-4 xl:flex">
        <h2 id="memories-heading" className="text-base font-semibold text-ink">
          {t('memory.title')}
        </h2>
        <MemoryPanel conversationId={detail.id} />
      </aside>
      <Modal open={memoriesOpen} onClose={() => setMemoriesOpen(false)} title={t('memory.title')}>
        <MemoryPanel conversationId={detail.id} />
      </Modal>
    </div>
  );
}

/** A conversation of mine, by id: loading, not found, or the room. */
export function ConversationView({ conversationId }: { conversationId: string }) {
  const { t } = useTranslation('chat');
  const stream = useChatStream(conversationId);
  // the poll for a reply written elsewhere (a reload mid-reply) pauses while this page streams one
  const conversation = useConversation(conversationId, stream.busy);
  const missing = conversation.error instanceof CallFailure && conversation.error.code !== null;
  useDocumentTitle(conversation.data ? `${conversation.data.agentNickname} · ${t('title')}` : t('title'));
  if (conversation.isPending) {
    return (
      <Loading className="flex flex-1 flex-col gap-4 p-4">
        <Skeleton className="h-12 w-full" />
        <Skeleton className="h-20 w-2/3" />
        <Skeleton className="ml-auto h-12 w-1/2" />
      </Loading>
    );
  }
  if (conversation.isError) {
    if (!missing) return <LoadFailed onRetry={() => void conversation.refetch()} />;
    return (
      <EmptyState
        icon={<AlertIcon size={28} />}
        title={t('room.notFound')}
        body={t('room.notFoundBody')}
        action={
          <Link to="/chatroom" className={buttonClass()}>
            {t('history.back')}
          </Link>
        }
      />
    );
  }
  return <Room detail={conversation.data} stream={stream} />;
}
