import { calls, type CallOutput } from '@starlit/contract';
import { useTranslation } from 'react-i18next';
import { usePagedCall } from '../../api/calls';
import { imageUrl } from '../../platform/static-url';
import { Avatar } from '../../ui/avatar';
import { DateTime } from '../../ui/date-time';
import { EmptyState } from '../../ui/empty-state';
import { CheckIcon, ImageIcon, InboxIcon } from '../../ui/icons';
import { Loading } from '../../ui/loading';
import { PagedList } from '../../ui/paged-list';
import { Skeleton } from '../../ui/skeleton';

const PAGE_SIZE = 20;

type QueueItem = CallOutput<typeof calls.moderation.queue>['items'][number];
type LogEntry = CallOutput<typeof calls.moderation.log>['items'][number];

function ListSkeleton() {
  return (
    <Loading className="flex flex-col gap-3 p-4">
      {Array.from({ length: 3 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders of a fixed count; the index is their identity
        <Skeleton key={i} className="h-16 w-full rounded-xl" />
      ))}
    </Loading>
  );
}

/** A work's cover, or a placeholder when it has none (a text post). */
export function Cover({ src, className = 'size-14' }: { src: string | null; className?: string }) {
  if (!src) {
    return (
      <span className={`grid shrink-0 place-items-center rounded-lg bg-brand-50 text-brand-400 dark:bg-white/10 ${className}`}>
        <ImageIcon size={20} />
      </span>
    );
  }
  return <img src={imageUrl(src, 160)} alt="" className={`shrink-0 rounded-lg object-cover ${className}`} />;
}

function QueueRow({ item, selected, onSelect }: { item: QueueItem; selected: boolean; onSelect(): void }) {
  const { t } = useTranslation('moderation');
  return (
    <li>
      <button
        type="button"
        onClick={onSelect}
        aria-current={selected ? 'true' : undefined}
        className={`flex w-full cursor-pointer items-start gap-3 rounded-xl px-3 py-3 text-left transition-colors hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-brand-500 dark:hover:bg-white/5 ${selected ? 'bg-brand-50 dark:bg-white/10' : ''}`}
      >
        <Cover src={item.cover} />
        <span className="min-w-0 flex-1">
          <span className="flex items-baseline justify-between gap-2">
            <span className="min-w-0 truncate font-semibold">{item.workName}</span>
            <span className="shrink-0 rounded-full bg-rose-500 px-2 text-xs leading-5 font-bold text-white">{t('queue.count', { count: item.reportCount })}</span>
          </span>
          <span className="mt-0.5 block truncate text-xs text-muted">
            {t('queue.by', { name: item.author.userName })}
            {item.hidden && ` · ${t('hiddenBadge')}`}
          </span>
          <span className="mt-1 flex flex-wrap gap-1">
            {item.types.map((x) => (
              <span key={x.type} className="rounded-full border border-line px-2 text-[11px] leading-5 text-muted">
                {t(`types.${x.type}`)} × {x.count}
              </span>
            ))}
          </span>
          <DateTime value={item.latestAt} className="mt-1 block text-xs text-muted tabular-nums" />
        </span>
      </button>
    </li>
  );
}

/** Works with open reports, the most recently reported first. */
export function QueueList({ selected, onSelect }: { selected: string | null; onSelect(workId: string): void }) {
  const { t } = useTranslation('moderation');
  const list = usePagedCall(calls.moderation.queue, { limit: PAGE_SIZE });
  return (
    <PagedList
      query={list}
      select={(page) => page.items}
      loading={<ListSkeleton />}
      empty={<EmptyState live icon={<CheckIcon size={30} />} title={t('queue.emptyTitle')} body={t('queue.emptyBody')} />}
      footerClassName="border-t border-line"
    >
      {(items) => (
        <ul aria-label={t('queue.label')} className="flex flex-col gap-1 p-2">
          {items.map((item) => (
            <QueueRow key={item.workId} item={item} selected={item.workId === selected} onSelect={() => onSelect(item.workId)} />
          ))}
        </ul>
      )}
    </PagedList>
  );
}

function LogRow({ entry }: { entry: LogEntry }) {
  const { t } = useTranslation('moderation');
  return (
    <li className="flex items-start gap-3 px-4 py-3">
      <Avatar name={entry.actor?.userName ?? '?'} src={entry.actor?.avatar ?? null} />
      <div className="min-w-0 flex-1 text-sm">
        <p className="break-words">
          {t(`log.${entry.action}`, {
            actor: entry.actor?.userName ?? t('log.someone'),
            work: entry.workName ?? t('log.deletedWork'),
            subject: entry.subject?.userName ?? t('log.someone'),
            count: entry.words.length,
          })}
        </p>
        {entry.words.length > 0 && (
          <ul aria-label={t('log.words')} className="mt-1 flex flex-wrap gap-1">
            {entry.words.map((word) => (
              <li key={word} className="rounded-full border border-line px-2 text-xs leading-5 break-all">
                {word}
              </li>
            ))}
          </ul>
        )}
        {entry.reason && <p className="mt-0.5 break-words whitespace-pre-wrap text-muted">{t('log.reason', { reason: entry.reason })}</p>}
        <DateTime value={entry.createdAt} className="mt-0.5 block text-xs text-muted tabular-nums" />
      </div>
    </li>
  );
}

/** Every moderation action, newest first. */
export function AuditLog() {
  const { t } = useTranslation('moderation');
  const list = usePagedCall(calls.moderation.log, { limit: PAGE_SIZE });
  return (
    <PagedList
      query={list}
      select={(page) => page.items}
      loading={<ListSkeleton />}
      empty={<EmptyState live icon={<InboxIcon size={30} />} title={t('log.emptyTitle')} />}
      footerClassName="border-t border-line"
    >
      {(entries) => (
        <ul aria-label={t('tabs.log')} className="divide-y divide-line">
          {entries.map((entry) => (
            <LogRow key={entry.id} entry={entry} />
          ))}
        </ul>
      )}
    </PagedList>
  );
}
