import { calls } from '@starlit/contract';
import { useTranslation } from 'react-i18next';
import { usePagedCall } from '../../api/calls';
import { Avatar } from '../../ui/avatar';
import { DateTime } from '../../ui/date-time';
import { EmptyState } from '../../ui/empty-state';
import { UsersIcon } from '../../ui/icons';
import { PagedList } from '../../ui/paged-list';
import { BlockButton } from './block-button';
import { PeopleSkeleton } from './people-skeleton';

/** The user center's blacklist tab: the people I blocked, newest first, each with Unblock. */
export function Blacklist() {
  const { t } = useTranslation('social');
  const list = usePagedCall(calls.social.blacklist, { limit: 20 });
  return (
    <PagedList
      query={list}
      select={(page) => page.items}
      loading={<PeopleSkeleton />}
      empty={<EmptyState live icon={<UsersIcon size={30} />} title={t('blacklist.emptyTitle')} body={t('blacklist.emptyBody')} />}
    >
      {(people) => (
        <section aria-label={t('blacklist.title')}>
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
        </section>
      )}
    </PagedList>
  );
}
