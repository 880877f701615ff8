import { calls, type CallOutput, type SearchType } from '@starlit/contract';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { usePagedCall } from '../../api/calls';
import { Avatar } from '../../ui/avatar';
import { EmptyState } from '../../ui/empty-state';
import { Grid } from '../../ui/grid';
import { SearchIcon } from '../../ui/icons';
import { Loading } from '../../ui/loading';
import { PagedList } from '../../ui/paged-list';
import { Spinner } from '../../ui/spinner';
import { Tab, TabList, TabPanel, TabsRoot } from '../../ui/tabs';
import { useDocumentTitle } from '../../ui/use-document-title';
import { FeedCard } from '../home/feed-card';
import type { FeedItem } from '../home/feed-types';
import { searchText } from './search-text';

type Type = z.infer<typeof SearchType>;
type Result = CallOutput<typeof calls.search.search>;

const TYPES: readonly Type[] = ['works', 'agents', 'users'];
const PAGE_SIZE = 20;

const isType = (value: string | null): value is Type => value !== null && (TYPES as readonly string[]).includes(value);

function UserRow({ user }: { user: Extract<Result, { type: 'users' }>['items'][number] }) {
  return (
    <li>
      <Link to={`/usercenter/${user.userId}`} className="flex items-center gap-3 rounded-xl border border-line bg-surface px-4 py-3 transition-colors hover:border-brand-400">
        <Avatar name={user.userName} src={user.avatar} size="md" />
        <span className="truncate font-medium">{user.userName}</span>
      </Link>
    </li>
  );
}

/** One tab of results, loading more as it scrolls. */
function Results({ q, type, label }: { q: string; type: Type; label: string }) {
  const { t } = useTranslation('search');
  const results = usePagedCall(calls.search.search, { q, type, limit: PAGE_SIZE });
  const common = {
    query: results,
    loading: (
      <Loading>
        <div className="flex justify-center py-16">
          <Spinner className="size-6" />
        </div>
      </Loading>
    ),
    empty: <EmptyState live icon={<SearchIcon size={30} />} title={t('empty.title')} body={t('empty.body', { q })} />,
    endLabel: t('endOfList'),
  };
  if (type === 'users') {
    return (
      <PagedList {...common} select={(page) => (page.type === 'users' ? page.items : [])} keyOf={(user) => user.userId}>
        {(users) => (
          <ul aria-label={label} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {users.map((user) => (
              <UserRow key={user.userId} user={user} />
            ))}
          </ul>
        )}
      </PagedList>
    );
  }
  return (
    <PagedList {...common} select={(page): FeedItem[] => (page.type === 'users' ? [] : page.items)} keyOf={(item) => `${item.type}-${item.id}`}>
      {(cards) => (
        <Grid label={label}>
          {cards.map((item) => (
            <FeedCard key={`${item.type}-${item.id}`} item={item} />
          ))}
        </Grid>
      )}
    </PagedList>
  );
}

/** `/search?q=…&type=…`: what the header box found, in tabs Works, Agents and Users. */
export function SearchPage() {
  const { t } = useTranslation('search');
  const [params, setParams] = useSearchParams();
  const q = searchText(params.get('q'));
  const requested = params.get('type');
  const type: Type = isType(requested) ? requested : 'works';
  useDocumentTitle(q ? t('title', { q }) : t('titleEmpty'));

  return (
    <div className="mx-auto max-w-[1440px] px-4 py-8 sm:px-6 lg:px-8">
      <h1 className="mb-4 text-2xl font-bold tracking-tight">{q ? t('heading', { q }) : t('titleEmpty')}</h1>
      {q === null ? (
        <EmptyState icon={<SearchIcon size={30} />} title={t('prompt.title')} body={t('prompt.body')} />
      ) : (
        <TabsRoot value={type} onValueChange={(value) => setParams(value === 'works' ? { q } : { q, type: value }, { replace: true })}>
          <div className="mb-6 border-b border-line">
            <TabList label={t('tabsLabel')} className="py-1.5">
              {TYPES.map((id) => (
                <Tab key={id} value={id}>
                  {t(`tabs.${id}`)}
                </Tab>
              ))}
            </TabList>
          </div>
          {TYPES.map((id) => (
            <TabPanel key={id} value={id} className="pb-16 focus-visible:outline-none">
              <Results q={q} type={id} label={t(`tabs.${id}`)} />
            </TabPanel>
          ))}
        </TabsRoot>
      )}
    </div>
  );
}
