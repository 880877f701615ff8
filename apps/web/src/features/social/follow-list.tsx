import { calls } from '@starlit/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePagedCall } from '../../api/calls';
import { Avatar } from '../../ui/avatar';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { UsersIcon } from '../../ui/icons';
import { LoadFailed } from '../../ui/load-failed';
import { Loading } from '../../ui/loading';
import { Skeleton } from '../../ui/skeleton';
import { FollowButton } from './follow-button';

export type FollowListKind = 'followers' | 'followings';

/** A profile's followers or followings tab: people newest first, each with a follow button. */
export function FollowList({ userId, kind }: { userId: string; kind: FollowListKind }) {
  const { t } = useTranslation('social');
  const list = usePagedCall(calls.social[kind], { userId, limit: 20 });
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
  if (people.length === 0) return <EmptyState live icon={<UsersIcon size={30} />} title={t(`list.${kind}Empty`)} />;
  return (
    <section aria-label={t(`list.${kind}`)} className="flex flex-col gap-4">
      <ul className="divide-y divide-line">
        {people.map((person) => (
          <li key={person.userId} className="flex items-center gap-3 py-3">
            <Link to={`/usercenter/${person.userId}`} className="flex min-w-0 flex-1 items-center gap-3 rounded-lg hover:text-primary">
              <Avatar name={person.userName} src={person.avatar} size="md" />
              <span className="truncate font-medium">{person.userName}</span>
            </Link>
            <FollowButton key={`${person.userId}:${person.followedByMe}`} userId={person.userId} following={person.followedByMe} />
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
