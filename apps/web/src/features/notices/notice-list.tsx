import { truncateByWidth } from '@starlit/contract/rules';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../app/app-store';
import { Avatar } from '../../ui/avatar';
import { EmptyState } from '../../ui/empty-state';
import { InboxIcon } from '../../ui/icons';
import { Loading } from '../../ui/loading';
import { PagedList } from '../../ui/paged-list';
import { Skeleton } from '../../ui/skeleton';
import { useNoticeList } from './notice-queries';
import type { Notice, NoticeKind } from './notice-types';
import { DateTime } from '../../ui/date-time';

/** Snippets are cut by display width (a Chinese character counts 2, SPEC §5). */
const SNIPPET_WIDTH = 140;

function NoticeRow({ notice, kind }: { notice: Notice; kind: NoticeKind }) {
  const { t } = useTranslation('notices');
  const openNotice = useAppStore((s) => s.openNotice);
  const actor = 'actor' in notice ? notice.actor : null;
  return (
    <li>
      <button
        type="button"
        onClick={() => openNotice({ kind, id: notice.id })}
        className={`group flex w-full cursor-pointer items-start gap-3 rounded-xl px-4 py-3.5 text-left transition-colors hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-brand-500 dark:hover:bg-white/5 ${notice.read ? '' : 'bg-brand-50/60 dark:bg-white/5'}`}
      >
        <span className="mt-1.5 flex w-2.5 shrink-0 justify-center">
          {!notice.read && (
            <span className="size-2.5 rounded-full bg-rose-500">
              <span className="sr-only">{t('unread')}</span>
            </span>
          )}
        </span>
        {actor && <Avatar name={actor.userName} src={actor.avatar} size="md" />}
        <span className="min-w-0 flex-1">
          <span className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5">
            <span className={`min-w-0 truncate ${notice.read ? 'font-medium text-ink/90' : 'font-semibold text-ink'}`}>{notice.title}</span>
            <DateTime value={notice.createdAt} className="shrink-0 text-xs text-muted tabular-nums" />
          </span>
          {actor && <span className="mt-0.5 block text-xs text-muted">{t('from', { name: actor.userName })}</span>}
          <span className="mt-1 line-clamp-2 block text-sm leading-relaxed text-muted">{truncateByWidth(notice.content.replace(/\s+/g, ' '), SNIPPET_WIDTH)}</span>
        </span>
      </button>
    </li>
  );
}

function ListSkeleton() {
  return (
    <Loading className="divide-y divide-line">
      {Array.from({ length: 4 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders of a fixed count; the index is their identity
        <div key={i} className="flex gap-3 px-4 py-4">
          <Skeleton className="mt-1.5 size-2.5 rounded-full" />
          <div className="flex-1 space-y-2">
            <Skeleton className="h-4 w-1/2" />
            <Skeleton className="h-3 w-5/6" />
          </div>
        </div>
      ))}
    </Loading>
  );
}

/** One kind's notices with loading, empty, error and "load more" states. */
export function NoticeList({ kind }: { kind: NoticeKind }) {
  const { t } = useTranslation('notices');
  const list = useNoticeList(kind);
  return (
    <PagedList
      query={list}
      select={(page): Notice[] => page.items}
      loading={<ListSkeleton />}
      empty={<EmptyState live icon={<InboxIcon size={30} />} title={t(`empty.${kind}.title`)} body={t(`empty.${kind}.body`)} />}
      footerClassName="border-t border-line"
    >
      {(notices) => (
        <ul aria-label={t(kind === 'system' ? 'tabs.notifications' : 'tabs.interactive')} className="divide-y divide-line">
          {notices.map((notice) => (
            <NoticeRow key={notice.id} notice={notice} kind={kind} />
          ))}
        </ul>
      )}
    </PagedList>
  );
}
