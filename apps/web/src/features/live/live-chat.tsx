import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { calls, errorMessage, LIVE_LIMITS, type ErrorCodeValue, type LiveEvent, type LiveShow } from '@starlit/contract';
import { characterCount } from '@starlit/contract/rules';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi, isOk, isRefused } from '../../api/client';
import { newRequestKey } from '../../api/request-key';
import { currentLanguage } from '../../i18n/i18n';
import { Avatar } from '../../ui/avatar';
import { Button } from '../../ui/button';
import { SendIcon } from '../../ui/icons';
import { GiftArt } from '../gifts/gift-art';
import { useGiftName } from '../gifts/gift-name';
import { askToSignIn } from '../social/ask-to-sign-in';

export type ModerateAction = 'delete' | 'mute' | 'unmute' | 'remove';

const menuItem =
  'flex cursor-pointer items-center gap-2.5 rounded-lg px-3 py-2 text-sm text-ink outline-none select-none data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-800 dark:data-[highlighted]:bg-white/10 dark:data-[highlighted]:text-white';

export interface LiveChatProps {
  show: LiveShow;
  events: readonly LiveEvent[];
  deleted: ReadonlySet<number>;
  muted: ReadonlyMap<string, boolean>;
  myId: string | null;
  onModerate(action: ModerateAction, target: { seq?: number; userId: string }): void;
}

/** The show's chat: messages, the agent's lines, gifts and what the owner did; the input under it. */
export function LiveChat({ show, events, deleted, muted, myId, onModerate }: LiveChatProps) {
  const { t } = useTranslation('live');
  const list = useRef<HTMLOListElement>(null);
  const pinned = useRef(true);
  const lines = events;

  // the newest line stays in view unless the reader scrolled up to read older ones
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new line is the trigger
  useEffect(() => {
    const element = list.current;
    if (element && pinned.current) element.scrollTop = element.scrollHeight;
  }, [lines.length]);

  return (
    <section aria-label={t('chat.title')} className="flex min-h-0 flex-1 flex-col overflow-hidden rounded-2xl border border-line bg-surface">
      <h2 className="border-b border-line px-4 py-2.5 text-sm font-semibold">{t('chat.title')}</h2>
      <ol
        ref={list}
        onScroll={(event) => {
          const el = event.currentTarget;
          pinned.current = el.scrollHeight - el.scrollTop - el.clientHeight < 40;
        }}
        className="flex min-h-0 flex-1 flex-col gap-2 overflow-y-auto px-3 py-3"
        aria-live="polite"
        data-testid="live-chat"
      >
        {lines.length === 0 && <li className="py-6 text-center text-sm text-muted">{t('chat.empty')}</li>}
        {lines.map((event) => (
          <Line key={event.seq} event={event} show={show} deleted={deleted} muted={muted} myId={myId} onModerate={onModerate} />
        ))}
      </ol>
      <ChatInput show={show} />
    </section>
  );
}

function Line({ event, show, deleted, muted, myId, onModerate }: { event: LiveEvent } & Omit<LiveChatProps, 'events'>) {
  const { t } = useTranslation('live');
  const giftName = useGiftName();
  switch (event.kind) {
    case 'chat': {
      const gone = deleted.has(event.seq);
      const mine = event.user.userId === myId;
      const isMuted = muted.get(event.user.userId) ?? false;
      return (
        <li className="group flex items-start gap-2" data-testid="chat-line" data-seq={event.seq}>
          <Avatar name={event.user.userName} src={event.user.avatar} size="xs" />
          <p className="min-w-0 flex-1 text-sm break-words">
            <span className="mr-1.5 font-semibold text-brand-700 dark:text-brand-300">{event.user.userName}</span>
            {gone ? <em className="text-muted">{t('chat.deleted')}</em> : event.text}
          </p>
          {show.me.isOwner && !mine && !gone && show.state === 'live' && (
            <DropdownMenu.Root modal={false}>
              <DropdownMenu.Trigger
                aria-label={t('moderate.menu', { name: event.user.userName })}
                className="grid size-7 shrink-0 cursor-pointer place-items-center rounded-full text-muted transition-colors hover:bg-brand-50 hover:text-ink focus-visible:outline-2 focus-visible:outline-brand-500 dark:hover:bg-white/10"
              >
                <span aria-hidden="true">⋯</span>
              </DropdownMenu.Trigger>
              <DropdownMenu.Portal>
                <DropdownMenu.Content align="end" sideOffset={4} className="z-50 w-52 rounded-2xl border border-line bg-surface p-1.5 text-ink shadow-xl shadow-brand-950/15">
                  <DropdownMenu.Item className={menuItem} onSelect={() => onModerate('delete', { seq: event.seq, userId: event.user.userId })}>
                    {t('moderate.delete')}
                  </DropdownMenu.Item>
                  <DropdownMenu.Item className={menuItem} onSelect={() => onModerate(isMuted ? 'unmute' : 'mute', { userId: event.user.userId })}>
                    {isMuted ? t('moderate.unmute') : t('moderate.mute')}
                  </DropdownMenu.Item>
                  <DropdownMenu.Item className={`${menuItem} text-red-600 dark:text-red-400`} onSelect={() => onModerate('remove', { userId: event.user.userId })}>
                    {t('moderate.remove')}
                  </DropdownMenu.Item>
                </DropdownMenu.Content>
              </DropdownMenu.Portal>
            </DropdownMenu.Root>
          )}
        </li>
      );
    }
    case 'agent':
      return (
        <li className="flex items-start gap-2" data-testid="agent-line">
          <Avatar name={show.agent.nickname} src={show.agent.avatar} size="xs" />
          <p className="min-w-0 flex-1 rounded-2xl rounded-tl-sm bg-brand-50 px-3 py-1.5 text-sm break-words dark:bg-white/10">
            <span className="mr-1.5 font-semibold text-brand-700 dark:text-brand-300">{show.agent.nickname}</span>
            {event.text}
          </p>
        </li>
      );
    case 'gift':
      return (
        <li className="flex items-center gap-2 rounded-xl bg-amber-50 px-3 py-1.5 text-sm text-amber-900 dark:bg-amber-400/10 dark:text-amber-200" data-testid="gift-line">
          <GiftArt giftKey={event.giftKey} size={20} />
          <span className="min-w-0 break-words">{t('gift.line', { name: event.user.userName, gift: giftName(event.giftKey), count: event.count })}</span>
        </li>
      );
    case 'moderation':
      return <Note>{t(`note.${event.action}`, { name: event.user?.userName ?? '' })}</Note>;
    case 'settings':
      return (
        <Note>
          {t('note.settings', {
            policy: t(`policy.${event.chatPolicy}`),
            slow: event.slowModeSeconds > 0 ? t('note.slowOn', { seconds: event.slowModeSeconds }) : t('note.slowOff'),
          })}
        </Note>
      );
    case 'playlist':
      return <Note>{t('note.playlist')}</Note>;
    case 'end':
      return <Note>{t('note.end')}</Note>;
  }
}

function Note({ children }: { children: string }) {
  return (
    <li className="text-center text-xs text-muted" data-testid="note-line">
      {children}
    </li>
  );
}

/** What one message is sent as: its words and its id, kept for a retry after a network failure. */
interface Pending {
  text: string;
  clientId: string;
}

function ChatInput({ show }: { show: LiveShow }) {
  const { t } = useTranslation('live');
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const pending = useRef<Pending | null>(null);
  const length = characterCount(text.trim());
  const tooLong = length > LIVE_LIMITS.chatText;

  if (show.state === 'ended') return null;
  if (show.me.chatRefusal !== null) {
    return (
      <div className="flex flex-wrap items-center gap-2 border-t border-line px-4 py-3 text-sm text-muted" data-testid="chat-refusal">
        <p className="flex-1">{errorMessage(show.me.chatRefusal as ErrorCodeValue, currentLanguage())}</p>
        {!show.me.signedIn && (
          <Button size="sm" variant="secondary" onClick={askToSignIn}>
            {t('chat.signIn')}
          </Button>
        )}
      </div>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const words = text.trim();
    if (!words || tooLong || sending) return;
    // the same words after a failure are the same message: the server answers it once
    const message = pending.current?.text === words ? pending.current : { text: words, clientId: newRequestKey() };
    pending.current = message;
    setSending(true);
    setRefusal(null);
    const result = await callApi(calls.live.chat, { showId: show.id, text: message.text, clientId: message.clientId });
    setSending(false);
    if (isOk(result)) {
      pending.current = null;
      setText('');
    } else if (isRefused(result)) {
      pending.current = null;
      setRefusal(result.message);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-1 border-t border-line px-3 py-2.5">
      <div className="flex items-center gap-2">
        <label htmlFor="live-chat-input" className="sr-only">
          {t('chat.label')}
        </label>
        <input
          id="live-chat-input"
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setRefusal(null);
          }}
          placeholder={t('chat.placeholder')}
          autoComplete="off"
          aria-invalid={tooLong}
          aria-describedby="live-chat-count"
          className="h-11 min-w-0 flex-1 rounded-full border border-line bg-surface px-4 text-sm text-ink outline-none placeholder:text-muted focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30"
        />
        <Button type="submit" size="sm" aria-label={t('chat.send')} disabled={sending || length === 0 || tooLong} icon={<SendIcon size={16} />}>
          <span className="hidden sm:inline">{t('chat.send')}</span>
        </Button>
      </div>
      <div className="flex justify-between gap-2 px-2 text-xs">
        <p role="alert" className="text-red-600 dark:text-red-400">
          {refusal ?? (tooLong ? t('chat.tooLong', { max: LIVE_LIMITS.chatText }) : '')}
        </p>
        <span id="live-chat-count" className={`tabular-nums ${tooLong ? 'text-red-600 dark:text-red-400' : 'text-muted'}`}>
          {length}/{LIVE_LIMITS.chatText}
        </span>
      </div>
    </form>
  );
}
