import { calls } from '@starlit/contract';
import { useTranslation } from 'react-i18next';
import { usePagedCall } from '../../api/calls';
import { Avatar } from '../../ui/avatar';
import { Button } from '../../ui/button';
import { DateTime } from '../../ui/date-time';
import { EmptyState } from '../../ui/empty-state';
import { UsersIcon } from '../../ui/icons';
import { LoadFailed } from '../../ui/load-failed';
import { Loading } from '../../ui/loading';
import { Skeleton } from '../../ui/skeleton';
import { BlockButton } from './block-button';

/** The user center's blacklist tab: the people I blocked, newest first, each with Unblock. */
export function Blacklist() {
  const { t } = useTranslation('social');
  const list = usePagedCall(calls.social.blacklist, { limit: 20 });
  if (list.isPending) {
    return (
      <Loading className="flex flex-col gap-3">
        <Skeleton className="h-14" />
        <Skeleton className="h-14" />
      </Loading>
    );
  }
  if (list.isError) return <LoadFailed onRetry={() => void list.refetch()} />;
  const people = list.data.pages.flatMap((page) => page.items);
  if (people.length === 0) return <EmptyState live icon={<UsersIcon size={30} />} title={t('blacklist.emptyTitle')} body={t('blacklist.emptyBody')} />;
  return (
    <section aria-label={t('blacklist.title')} className="flex flex-col gap-4">
      <ul className="divide-y divide-line">
        {people.map((person) => (
          <li key={person.userId} className="flex items-center gap-3 py-3">
            <Avatar name={person.userName} src={person.avatar} size="md" />
            <div className="min-w-0 flex-1">
              <p className="truncate font-medium text-ink">{person.userName}</p>
              <p className="text-xs text-muted">
                {t('blacklist.since')} <DateTime value={person.blockedAt} />
              </p>
            </div>
            <BlockButton userId={person.userId} userName={person.userName} blocked />
          </li>
        ))}
      </ul>
      {list.hasNextPage && (
        <Button variant="secondary" className="self-center" disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
          {t('list.more')}
        </Button>
      )}
    </section>
  );
}
