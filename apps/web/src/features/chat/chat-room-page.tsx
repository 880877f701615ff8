import { calls } from '@starlit/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useCallMutation } from '../../api/calls';
import { setCallData } from '../../api/keys';
import { Avatar } from '../../ui/avatar';
import { Button, buttonClass } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { AlertIcon, ChatIcon } from '../../ui/icons';
import { Skeleton } from '../../ui/skeleton';
import { notifyInfo } from '../../ui/toast';
import { useDocumentTitle } from '../../ui/use-document-title';
import { useAgent } from '../agents/center/agent-queries';
import { useCurrentUser } from '../auth/auth-store';
import { redirectToSignIn } from '../auth/sign-in';
import { conversationInput } from './chat-queries';
import { Composer } from './composer';
import { ConversationView } from './conversation-view';
import { HistoryList } from './history-list';

/** Long enough to read "Please log in first" before the sign-in page replaces this one. */
const SIGN_IN_DELAY_MS = 1500;

/** The chat room's frame: my conversations beside the room on wide screens, the room alone on phones. */
function RoomFrame({ activeId, children }: { activeId: string | null; children: ReactNode }) {
  return (
    <div className="mx-auto flex h-[calc(100dvh-4rem)] max-w-[1440px] min-h-[28rem]">
      <div className="hidden w-72 shrink-0 flex-col border-r border-line bg-surface p-3 lg:flex">
        <HistoryList activeId={activeId} compact />
      </div>
      {children}
    </div>
  );
}

/** `?agentId=`: opens the latest conversation with the agent, or a first one (chat/open), then shows it under its own address. */
function OpenConversation({ agentId }: { agentId: string }) {
  const { t } = useTranslation('chat');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // StrictMode runs effects twice; one visit must open one conversation, not two
  const opened = useRef(false);
  useDocumentTitle(t('title'));
  const open = useCallMutation(calls.chat.open, {
    onSuccess: (detail) => {
      setCallData(queryClient, calls.chat.messages, conversationInput(detail.id), detail);
      // the conversation's own address, so a reload resumes it instead of opening another
      void navigate(`/chatroom?conversationId=${detail.id}`, { replace: true });
    },
    invalidates: [calls.chat.history],
  });
  useEffect(() => {
    if (opened.current) return;
    opened.current = true;
    open.mutate({ agentId });
  }, [open, agentId]);
  if (open.isError) {
    return (
      <EmptyState
        icon={<AlertIcon size={28} />}
        title={t('room.openFailed')}
        action={
          <Link to="/hotlist" className={buttonClass()}>
            {t('history.hotList')}
          </Link>
        }
      />
    );
  }
  return (
    <div role="status" className="flex flex-1 flex-col gap-4 p-4">
      <span className="sr-only">{t('room.openingWait')}</span>
      <Skeleton className="h-12 w-full" />
      <Skeleton className="h-20 w-2/3" />
    </div>
  );
}

/**
 * A signed-out visitor with `?agentId=`: the agent and its opening line, and an input that asks
 * them to log in (SPEC §1: visitors browse, most actions need a login).
 */
function VisitorChat({ agentId }: { agentId: string }) {
  const { t } = useTranslation('chat');
  const { t: tc } = useTranslation();
  const agent = useAgent(agentId);
  useDocumentTitle(agent.data ? `${agent.data.nickname} · ${t('title')}` : t('title'));
  const askToSignIn = () => {
    notifyInfo(tc('nav.loginFirst'));
    window.setTimeout(redirectToSignIn, SIGN_IN_DELAY_MS);
  };
  if (agent.isPending) return <Skeleton className="m-4 h-40 flex-1" />;
  if (!agent.data) return <EmptyState icon={<AlertIcon size={28} />} title={t('visitor.notFound')} body={t('visitor.notFoundBody')} />;
  const { nickname, opening, avatar } = agent.data;
  return (
    <section aria-label={t('room.messages', { name: nickname })} className="flex min-h-0 min-w-0 flex-1 flex-col">
      <header className="flex items-center gap-2.5 border-b border-line bg-surface px-4 py-2.5">
        <Avatar name={nickname} src={avatar.image} size="md" />
        <span className="min-w-0 flex-1 truncate font-semibold text-ink">{nickname}</span>
        <Button size="sm" onClick={redirectToSignIn}>
          {tc('account.logIn')}
        </Button>
      </header>
      <div className="min-h-0 flex-1 overflow-y-auto px-3 py-4 sm:px-4">
        <ol role="log" aria-label={t('room.messages', { name: nickname })} className="mx-auto flex max-w-3xl flex-col gap-4">
          {opening && (
            <li className="flex items-start gap-2.5" data-role="agent">
              <Avatar name={nickname} src={avatar.image} size="sm" />
              <div className="max-w-[85%] rounded-2xl rounded-tl-md border border-line bg-surface px-4 py-2.5 text-sm leading-relaxed break-words whitespace-pre-wrap text-ink shadow-sm sm:max-w-[75%]">
                {opening}
              </div>
            </li>
          )}
        </ol>
        <p className="mx-auto mt-6 max-w-3xl text-center text-sm text-muted">{t('visitor.loginToChat', { name: nickname })}</p>
      </div>
      <Composer agentName={nickname} busy={false} onSend={askToSignIn} />
    </section>
  );
}

/** `/chatroom` for a visitor without an agent: what the room is, a way in, and the open hot list. */
function SignedOut() {
  const { t } = useTranslation('chat');
  const { t: tc } = useTranslation();
  useDocumentTitle(t('title'));
  return (
    <EmptyState
      icon={<ChatIcon size={30} />}
      title={t('history.signedOutTitle')}
      body={t('history.signedOutBody')}
      action={
        <div className="flex flex-wrap justify-center gap-2">
          <Button onClick={redirectToSignIn}>{tc('account.logIn')}</Button>
          <Link to="/hotlist" className={buttonClass('secondary')}>
            {t('history.hotList')}
          </Link>
        </div>
      }
    />
  );
}

/** `/chatroom` signed in, without a conversation: my conversations, full width. */
function MyConversations() {
  const { t } = useTranslation('chat');
  useDocumentTitle(t('title'));
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4 px-4 py-6 md:py-10">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-ink">{t('title')}</h1>
          <p className="mt-2 text-muted">{t('history.pick')}</p>
        </div>
        <Link to="/hotlist" className={buttonClass('secondary', 'sm')}>
          {t('history.hotList')}
        </Link>
      </header>
      <HistoryList />
    </div>
  );
}

/**
 * `/chatroom`: `?conversationId=` shows a conversation, `?agentId=` resumes the latest with the agent (or starts one), and without
 * either it lists my conversations. Open to visitors, who must log in to send. The views set
 * their own titles (a conversation names its agent): an effect here would run after theirs and win.
 */
export function ChatRoomPage() {
  const [params] = useSearchParams();
  const user = useCurrentUser();
  const conversationId = params.get('conversationId');
  const agentId = params.get('agentId');

  if (!user) {
    return agentId ? (
      <div className="mx-auto flex h-[calc(100dvh-4rem)] max-w-4xl min-h-[28rem]">
        <VisitorChat agentId={agentId} />
      </div>
    ) : (
      <SignedOut />
    );
  }
  if (conversationId) {
    return (
      <RoomFrame activeId={conversationId}>
        <ConversationView key={conversationId} conversationId={conversationId} />
      </RoomFrame>
    );
  }
  if (agentId) {
    return (
      <RoomFrame activeId={null}>
        <OpenConversation key={agentId} agentId={agentId} />
      </RoomFrame>
    );
  }
  return <MyConversations />;
}
