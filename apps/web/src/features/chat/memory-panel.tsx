import { CHAT_MEMORY_MAX, calls, type ChatMemory } from '@starlit/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useCallMutation } from '../../api/calls';
import { Button } from '../../ui/button';
import { PencilIcon, PinIcon, TrashIcon } from '../../ui/icons';
import { LoadFailed } from '../../ui/load-failed';
import { Loading } from '../../ui/loading';
import { Skeleton } from '../../ui/skeleton';
import { notifySuccess } from '../../ui/toast';
import { useMemories } from './chat-queries';

type Memory = z.output<typeof ChatMemory>;

const smallButton =
  'grid size-8 cursor-pointer place-items-center rounded-full text-muted transition-colors hover:bg-brand-50 hover:text-ink focus-visible:outline-2 focus-visible:outline-brand-500 disabled:cursor-not-allowed disabled:opacity-40 dark:hover:bg-white/10';
const field =
  'w-full resize-y rounded-xl border border-line bg-page px-3 py-2 text-sm leading-relaxed text-ink outline-none placeholder:text-muted focus:border-brand-300 focus:ring-2 focus:ring-brand-500';

/** A memory's text, length-checked the way the server's schema checks it (UTF-16 units). */
function fits(text: string): boolean {
  const length = text.trim().length;
  return length > 0 && length <= CHAT_MEMORY_MAX;
}

function MemoryItem({ memory }: { memory: Memory }) {
  const { t } = useTranslation('chat');
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(memory.content);
  const update = useCallMutation(calls.chat.memoryUpdate, {
    inputOf: (change: { content?: string; pinned?: boolean }) => ({ id: memory.id, ...change }),
    onSuccess: () => setEditing(false),
    invalidates: [calls.chat.memories],
  });
  const remove = useCallMutation(calls.chat.memoryDelete, {
    onSuccess: () => notifySuccess(t('memory.deleted')),
    invalidates: [calls.chat.memories],
  });

  return (
    <li className={`rounded-xl border px-3 py-2.5 ${memory.pinned ? 'border-brand-300 bg-brand-50/70 dark:bg-white/5' : 'border-line bg-surface'}`}>
      {editing ? (
        <form
          className="flex flex-col gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            if (fits(text)) update.mutate({ content: text.trim() });
          }}
        >
          {/* biome-ignore lint/a11y/noAutofocus: the field opens because the person asked to edit this entry, so focus belongs in it */}
          <textarea aria-label={t('memory.editLabel')} value={text} rows={3} autoFocus onChange={(e) => setText(e.target.value)} className={field} />
          <div className="flex justify-end gap-2">
            <Button
              size="sm"
              variant="secondary"
              onClick={() => {
                setEditing(false);
                setText(memory.content);
              }}
            >
              {t('memory.cancel')}
            </Button>
            <Button size="sm" type="submit" disabled={!fits(text) || update.isPending}>
              {t('memory.save')}
            </Button>
          </div>
        </form>
      ) : (
        <>
          <p className="text-sm leading-relaxed break-words whitespace-pre-wrap text-ink">{memory.content}</p>
          <div className="mt-1.5 flex items-center gap-1">
            {memory.pinned && <span className="rounded-full bg-brand-100 px-2 py-0.5 text-[11px] font-semibold text-brand-800 dark:bg-white/10 dark:text-brand-200">{t('memory.pinned')}</span>}
            <span className="text-[11px] text-muted">{t(memory.source === 'summary' ? 'memory.fromSummary' : 'memory.fromUser')}</span>
            <span className="ml-auto flex">
              <button
                type="button"
                className={smallButton}
                aria-pressed={memory.pinned}
                aria-label={memory.pinned ? t('memory.unpin') : t('memory.pin')}
                title={memory.pinned ? t('memory.unpin') : t('memory.pin')}
                disabled={update.isPending}
                onClick={() => update.mutate({ pinned: !memory.pinned })}
              >
                <PinIcon size={16} className={memory.pinned ? 'fill-current text-brand-700 dark:text-brand-300' : ''} />
              </button>
              <button type="button" className={smallButton} aria-label={t('memory.edit')} title={t('memory.edit')} onClick={() => setEditing(true)}>
                <PencilIcon size={16} />
              </button>
              <button type="button" className={smallButton} aria-label={t('memory.delete')} title={t('memory.delete')} disabled={remove.isPending} onClick={() => remove.mutate({ id: memory.id })}>
                <TrashIcon size={16} />
              </button>
            </span>
          </div>
        </>
      )}
    </li>
  );
}

function AddMemory({ conversationId }: { conversationId: string }) {
  const { t } = useTranslation('chat');
  const [text, setText] = useState('');
  const [pinned, setPinned] = useState(true);
  const add = useCallMutation(calls.chat.memoryAdd, {
    onSuccess: () => setText(''),
    invalidates: [calls.chat.memories],
  });
  return (
    <form
      className="flex flex-col gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        if (fits(text)) add.mutate({ conversationId, content: text.trim(), pinned });
      }}
    >
      <textarea aria-label={t('memory.addLabel')} placeholder={t('memory.addPlaceholder')} value={text} rows={2} onChange={(e) => setText(e.target.value)} className={field} />
      <div className="flex items-center gap-2">
        <label className="flex cursor-pointer items-center gap-2 text-xs text-muted">
          <input type="checkbox" checked={pinned} onChange={(e) => setPinned(e.target.checked)} className="size-4 accent-brand-700" />
          {t('memory.pinNew')}
        </label>
        {text.trim().length > CHAT_MEMORY_MAX - 50 && <span className="text-[11px] text-muted tabular-nums">{t('memory.count', { count: text.trim().length, max: CHAT_MEMORY_MAX })}</span>}
        <Button size="sm" type="submit" className="ml-auto" disabled={!fits(text) || add.isPending}>
          {t('memory.add')}
        </Button>
      </div>
    </form>
  );
}

/** The memories of a conversation: pinned first, with pin, edit, delete and add. */
export function MemoryPanel({ conversationId }: { conversationId: string }) {
  const { t } = useTranslation('chat');
  const memories = useMemories(conversationId);
  return (
    <div className="flex flex-col gap-3">
      {memories.data && <p className="text-xs leading-relaxed text-muted">{t('memory.every', { count: memories.data.everyTurns })}</p>}
      <AddMemory conversationId={conversationId} />
      {memories.isPending ? (
        <Loading>
          <Skeleton className="h-24 w-full" />
        </Loading>
      ) : memories.isError ? (
        <LoadFailed onRetry={() => void memories.refetch()} />
      ) : memories.data.items.length === 0 ? (
        <p className="py-4 text-center text-sm text-muted">{t('memory.empty')}</p>
      ) : (
        <ul aria-label={t('memory.title')} className="flex flex-col gap-2">
          {memories.data.items.map((memory) => (
            <MemoryItem key={`${memory.id}-${memory.updatedAt}`} memory={memory} />
          ))}
        </ul>
      )}
    </div>
  );
}
