import { calls, type Conversation } from '@starlit/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { useCallMutation } from '../../api/calls';
import { callKey } from '../../api/keys';
import { currentLanguage } from '../../i18n/i18n';
import { Avatar } from '../../ui/avatar';
import { Button, buttonClass } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { ChatIcon } from '../../ui/icons';
import { LoadFailed } from '../../ui/load-failed';
import { Loading } from '../../ui/loading';
import { Skeleton } from '../../ui/skeleton';
import { Spinner } from '../../ui/spinner';
import { notifySuccess } from '../../ui/toast';
import { keepListed, toggle, type Selection } from '../../ui/selection';
import { ConfirmDelete, ManageToolbar } from '../../ui/manage-mode';
import { conversationInput, useHistory } from './chat-queries';
import { relativeTime } from './relative-time';

type ConversationItem = z.output<typeof Conversation>;

function When({ iso }: { iso: string }) {
  const { t } = useTranslation('chat');
  return (
    <time dateTime={iso} className="shrink-0 text-[11px] text-muted tabular-nums">
      {relativeTime(iso, Date.now(), currentLanguage()) ?? t('time.justNow')}
    </time>
  );
}

function Row({ item, active, managing, checked, onToggle }: { item: ConversationItem; active: boolean; managing: boolean; checked: boolean; onToggle: () => void }) {
  const body = (
    <>
      <Avatar name={item.agentNickname} src={item.agentAvatar} size="md" />
      <span className="min-w-0 flex-1">
        <span className="flex items-baseline justify-between gap-2">
          <span className="min-w-0 truncate font-semibold text-ink">{item.agentNickname}</span>
          <When iso={item.lastActivityAt} />
        </span>
        <span className="mt-0.5 block truncate text-sm text-muted">{item.preview}</span>
      </span>
    </>
  );
  const look = `flex w-full items-center gap-3 rounded-xl px-3 py-2.5 text-left transition-colors focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-brand-500 ${
    active || checked ? 'bg-brand-100/80 dark:bg-white/10' : 'hover:bg-brand-50 dark:hover:bg-white/5'
  }`;
  if (managing) {
    return (
      <li>
        <label className={`${look} cursor-pointer`}>
          <input type="checkbox" checked={checked} onChange={onToggle} aria-label={`${item.agentNickname}: ${item.preview}`} className="size-5 shrink-0 accent-brand-700" />
          {body}
        </label>
      </li>
    );
  }
  return (
    <li>
      <Link to={`/chatroom?conversationId=${item.id}`} aria-current={active ? 'page' : undefined} className={look}>
        {body}
      </Link>
    </li>
  );
}

/**
 * My conversations by last activity, with "load more" and a manage mode (select some or all,
 * then delete them) like the agent center's.
 */
export function HistoryList({ activeId = null, compact = false }: { activeId?: string | null; compact?: boolean }) {
  const { t } = useTranslation('chat');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const history = useHistory();
  const [managing, setManaging] = useState(false);
  const [selection, setSelection] = useState<Selection>(new Set());
  const [confirming, setConfirming] = useState(false);
  const items = useMemo(() => history.data?.pages.flatMap((p) => p.items) ?? [], [history.data]);
  const ids = useMemo(() => items.map((c) => c.id), [items]);

  useEffect(() => setSelection((current) => keepListed(current, ids)), [ids]);

  const remove = useCallMutation(calls.chat.remove, {
    onSuccess: ({ deleted }, { conversationIds: removed }) => {
      setConfirming(false);
      setSelection(new Set());
      setManaging(false);
      notifySuccess(t('manage.deleted', { count: deleted }));
      for (const id of removed) queryClient.removeQueries({ queryKey: callKey(calls.chat.messages, conversationInput(id)) });
      if (activeId && removed.includes(activeId)) void navigate('/chatroom', { replace: true });
    },
    invalidates: [calls.chat.history],
  });

  return (
    <section aria-labelledby="chat-history-heading" className="flex min-h-0 flex-1 flex-col gap-3">
      <div className="flex items-center gap-2">
        <h2 id="chat-history-heading" className={`mr-auto font-semibold text-ink ${compact ? 'text-base' : 'text-xl'}`}>
          {t('history.title')}
        </h2>
        {items.length > 0 && (
          <Button
            variant="secondary"
            size="sm"
            aria-pressed={managing}
            onClick={() => {
              setManaging(!managing);
              setSelection(new Set());
            }}
          >
            {managing ? t('manage.done') : t('manage.start')}
          </Button>
        )}
      </div>
      {managing && <ManageToolbar ns="chat" ids={ids} selection={selection} onSelect={setSelection} onDelete={() => setConfirming(true)} />}
      <div className="min-h-0 flex-1 overflow-y-auto">
        {history.isPending ? (
          <Loading className="flex flex-col gap-2">
            {Array.from({ length: 4 }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders of a fixed count; the index is their identity
              <Skeleton key={i} className="h-14 w-full" />
            ))}
          </Loading>
        ) : history.isError ? (
          <LoadFailed onRetry={() => void history.refetch()} />
        ) : items.length === 0 ? (
          <EmptyState
            icon={<ChatIcon size={28} />}
            title={t('history.empty')}
            body={t('history.emptyBody')}
            action={
              <Link to="/hotlist" className={buttonClass('primary', 'md')}>
                {t('history.hotList')}
              </Link>
            }
          />
        ) : (
          <ul aria-label={t('history.list')} className="flex flex-col gap-1">
            {items.map((item) => (
              <Row key={item.id} item={item} active={item.id === activeId} managing={managing} checked={selection.has(item.id)} onToggle={() => setSelection(toggle(selection, item.id))} />
            ))}
          </ul>
        )}
        {history.hasNextPage && (
          <div className="flex justify-center p-3">
            <Button
              variant="secondary"
              size="sm"
              disabled={history.isFetchingNextPage}
              icon={history.isFetchingNextPage ? <Spinner className="size-4" /> : undefined}
              onClick={() => void history.fetchNextPage()}
            >
              {t('history.loadMore')}
            </Button>
          </div>
        )}
      </div>
      <ConfirmDelete
        ns="chat"
        open={confirming}
        count={selection.size}
        pending={remove.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() => remove.mutate({ conversationIds: [...selection] })}
      />
    </section>
  );
}
