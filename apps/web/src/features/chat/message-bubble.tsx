import { CHAT_MESSAGE_MAX, chatLength } from '@starlit/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../ui/avatar';
import { Button } from '../../ui/button';
import { ChevronLeftIcon, ChevronRightIcon, PencilIcon, RefreshIcon } from '../../ui/icons';
import type { ShownMessage } from './chat-view';
import { VoiceButton } from './voice-button';

export interface MessageActions {
  conversationId: string;
  agentName: string;
  agentAvatar: string | null;
  agentHasVoice: boolean;
  /** A reply is being written: nothing may branch the conversation until it is done. */
  busy: boolean;
  swipe(messageId: string): void;
  regenerate(messageId: string): void;
  /** Sends an edited question as a new branch beside `messageId`. */
  edit(messageId: string, parentId: string | null, content: string): void;
  /** An edit that was refused or never arrived: its editor opens again with the text. */
  editDraft: { messageId: string; text: string } | null;
  discardEditDraft(): void;
  newConversation(): void;
}

const actionButton =
  'inline-flex h-8 cursor-pointer items-center gap-1 rounded-full px-2.5 text-xs font-medium text-muted transition-colors hover:bg-brand-50 hover:text-ink focus-visible:outline-2 focus-visible:outline-brand-500 disabled:cursor-not-allowed disabled:opacity-40 dark:hover:bg-white/10';

/** "‹ 2 / 3 ›" between the alternatives of a message (regenerated replies, edited questions). */
function Swipe({ shown, actions }: { shown: ShownMessage; actions: MessageActions }) {
  const { t } = useTranslation('chat');
  if (shown.count < 2) return null;
  const arrow =
    'grid size-7 cursor-pointer place-items-center rounded-full text-muted hover:bg-brand-50 hover:text-ink focus-visible:outline-2 focus-visible:outline-brand-500 disabled:cursor-not-allowed disabled:opacity-30 dark:hover:bg-white/10';
  return (
    <span role="group" aria-label={t('message.versions')} className="inline-flex items-center gap-0.5 text-xs text-muted tabular-nums">
      <button type="button" aria-label={t('message.previous')} className={arrow} disabled={actions.busy || !shown.previousId} onClick={() => shown.previousId && actions.swipe(shown.previousId)}>
        <ChevronLeftIcon size={16} />
      </button>
      <span className="min-w-9 text-center">{t('message.position', { position: shown.position, count: shown.count })}</span>
      <button type="button" aria-label={t('message.next')} className={arrow} disabled={actions.busy || !shown.nextId} onClick={() => shown.nextId && actions.swipe(shown.nextId)}>
        <ChevronRightIcon size={16} />
      </button>
    </span>
  );
}

/** Edits a question in place; saving sends it as a new branch beside the old one. */
function InlineEditor({ initial, original, onSave, onCancel }: { initial: string; original: string; onSave: (text: string) => void; onCancel: () => void }) {
  const { t } = useTranslation('chat');
  const [text, setText] = useState(initial);
  const length = chatLength(text);
  const valid = length > 0 && length <= CHAT_MESSAGE_MAX && text.trim() !== original.trim();
  return (
    <form
      className="flex w-full flex-col gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        if (valid) onSave(text.trim());
      }}
    >
      <textarea
        aria-label={t('message.editLabel')}
        value={text}
        // biome-ignore lint/a11y/noAutofocus: the field opens because the person asked to edit this message, so focus belongs in it
        autoFocus
        rows={Math.min(8, Math.max(2, text.split('\n').length))}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => e.key === 'Escape' && onCancel()}
        className="w-full resize-y rounded-2xl border border-brand-300 bg-surface px-4 py-2.5 text-sm leading-relaxed text-ink outline-none focus:ring-2 focus:ring-brand-500"
      />
      <div className="flex justify-end gap-2">
        <Button size="sm" variant="secondary" onClick={onCancel}>
          {t('message.cancel')}
        </Button>
        <Button size="sm" type="submit" disabled={!valid}>
          {t('message.save')}
        </Button>
      </div>
    </form>
  );
}

/** The state labels of a reply that did not finish normally. */
function StatusLabel({ status }: { status: ShownMessage['message']['status'] }) {
  const { t } = useTranslation('chat');
  if (status === 'interrupted') return <span className="rounded-full bg-amber-100 px-2 py-0.5 text-[11px] font-semibold text-amber-800">{t('message.interrupted')}</span>;
  if (status === 'failed') return <span className="rounded-full bg-red-100 px-2 py-0.5 text-[11px] font-semibold text-red-800">{t('message.failed')}</span>;
  return null;
}

/** One message of the shown branch with its controls. Text stays plain text; newlines are kept. */
export function MessageBubble({ shown, actions }: { shown: ShownMessage; actions: MessageActions }) {
  const { t } = useTranslation('chat');
  const { message } = shown;
  const draft = actions.editDraft?.messageId === message.id ? actions.editDraft.text : null;
  const [editing, setEditing] = useState(draft !== null);
  useEffect(() => {
    if (draft !== null) setEditing(true);
  }, [draft]);
  const mine = message.role === 'user';
  const writing = message.status === 'streaming';

  if (mine) {
    return (
      <li className="flex flex-col items-end gap-1" data-role="user" data-message-id={message.id}>
        {editing ? (
          <div className="w-full max-w-[85%] sm:max-w-[75%]">
            <InlineEditor
              initial={draft ?? message.content}
              original={message.content}
              onCancel={() => {
                setEditing(false);
                actions.discardEditDraft();
              }}
              onSave={(text) => {
                setEditing(false);
                actions.edit(message.id, message.parentId, text);
              }}
            />
          </div>
        ) : (
          <div className="max-w-[85%] rounded-2xl rounded-br-md bg-primary px-4 py-2.5 text-sm leading-relaxed break-words whitespace-pre-wrap text-on-brand shadow-sm sm:max-w-[75%]">
            <span className="sr-only">{t('message.youSaid')} </span>
            <span data-message-text>{message.content}</span>
          </div>
        )}
        {!editing && (
          <div className="flex items-center gap-1">
            <Swipe shown={shown} actions={actions} />
            <button type="button" className={actionButton} disabled={actions.busy} onClick={() => setEditing(true)}>
              <PencilIcon size={14} />
              {t('message.edit')}
            </button>
          </div>
        )}
      </li>
    );
  }

  return (
    <li className="flex items-start gap-2.5" data-role="agent" data-message-id={message.id} data-status={message.status} aria-busy={writing || undefined}>
      <Avatar name={actions.agentName} src={actions.agentAvatar} size="sm" />
      <div className="flex min-w-0 max-w-[85%] flex-col items-start gap-1 sm:max-w-[75%]">
        <div className="rounded-2xl rounded-tl-md border border-line bg-surface px-4 py-2.5 text-sm leading-relaxed break-words whitespace-pre-wrap text-ink shadow-sm">
          <span className="sr-only">{actions.agentName}: </span>
          <span data-message-text>{message.content}</span>
          {writing && (
            <span className="ml-1 inline-flex translate-y-0.5 gap-0.5 align-baseline" {...(message.content ? {} : { role: 'status', 'aria-label': t('message.writing', { name: actions.agentName }) })}>
              <span className="size-1.5 animate-pulse rounded-full bg-brand-500" />
              <span className="size-1.5 animate-pulse rounded-full bg-brand-500 [animation-delay:150ms]" />
              <span className="size-1.5 animate-pulse rounded-full bg-brand-500 [animation-delay:300ms]" />
            </span>
          )}
        </div>
        <div className="flex flex-wrap items-center gap-1">
          {shown.opening && <span className="px-1 text-[11px] font-medium text-muted">{t('room.opening')}</span>}
          <StatusLabel status={message.status} />
          <Swipe shown={shown} actions={actions} />
          {!shown.opening && !writing && (
            <button type="button" className={actionButton} disabled={actions.busy} onClick={() => actions.regenerate(message.id)}>
              <RefreshIcon size={14} />
              {t('message.regenerate')}
            </button>
          )}
          {!writing && message.content !== '' && (
            <VoiceButton conversationId={actions.conversationId} messageId={message.id} voice={message.voice} hasVoice={actions.agentHasVoice} onNewConversation={actions.newConversation} />
          )}
        </div>
      </div>
    </li>
  );
}
