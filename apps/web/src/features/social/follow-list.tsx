import { calls } from '@starlit/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePagedCall } from '../../api/calls';
import { Avatar } from '../../ui/avatar';
import { EmptyState } from '../../ui/empty-state';
import { UsersIcon } from '../../ui/icons';
import { PagedList } from '../../ui/paged-list';
import { FollowButton } from './follow-button';
import { PeopleSkeleton } from './people-skeleton';

export type FollowListKind = 'followers' | 'followings';

/** A profile's followers or followings tab: people newest first, each with a follow button. */
export function FollowList({ userId, kind }: { userId: string; kind: FollowListKind }) {
  const { t } = useTranslation('social');
  const list = usePagedCall(calls.social[kind], { userId, limit: 20 });
  return (
    <PagedList query={list} select={(page) => page.items} loading={<PeopleSkeleton />} empty={<EmptyState live icon={<UsersIcon size={30} />} title={t(`list.${kind}Empty`)} />}>
      {(people) => (
        <section aria-label={t(`list.${kind}`)}>
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
        </section>
      )}
    </PagedList>
  );
}
