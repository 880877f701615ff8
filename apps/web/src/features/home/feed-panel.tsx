import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonClass } from '../../ui/button';
import { LoadMore } from '../../ui/load-more';
import { EmptyState } from '../../ui/empty-state';
import { LoadFailed } from '../../ui/load-failed';
import { Loading } from '../../ui/loading';
import { Grid } from '../../ui/grid';
import { CompassIcon, PlusIcon, UsersIcon } from '../../ui/icons';
import { uniqueBy } from '../../ui/unique';
import { useAuthStore } from '../auth/auth-store';
import { redirectToSignIn } from '../auth/sign-in';
import { FeedCard, FeedCardSkeleton } from './feed-card';
import type { HomeTabId } from './feed-types';
import { useHomeFeed } from './use-home-feed';

const SKELETON_CARDS = 10;

export function SignInToFollow() {
  const { t } = useTranslation('home');
  const { t: tc } = useTranslation();
  return (
    <EmptyState icon={<UsersIcon size={30} />} title={t('following.signedOutTitle')} body={t('following.signedOutBody')} action={<Button onClick={redirectToSignIn}>{tc('account.logIn')}</Button>} />
  );
}

function EmptyTab({ following }: { following: boolean }) {
  const { t } = useTranslation('home');
  if (following) {
    return <EmptyState live icon={<UsersIcon size={30} />} title={t('following.emptyTitle')} body={t('following.emptyBody')} />;
  }
  return (
    <EmptyState
      live
      icon={<CompassIcon size={30} />}
      title={t('empty.title')}
      body={t('empty.body')}
      action={
        <Link to="/aigc-publish" className={buttonClass('primary')}>
          <PlusIcon size={18} />
          {t('empty.action')}
        </Link>
      }
    />
  );
}

/** Pages of feed cards, as home's and the community center's grids load them. */
export type FeedPages = ReturnType<typeof useHomeFeed>;

/** The grid of one home tab with its loading, empty and error states, loading more as it scrolls. */
export function FeedPanel({ tab, label }: { tab: HomeTabId; label: string }) {
  const viewer = useAuthStore((s) => s.session?.userInfo.userId ?? null);
  const needsViewer = tab === 'following' && viewer === null;
  const feed = useHomeFeed(tab, !needsViewer);
  if (needsViewer) return <SignInToFollow />;
  return <FeedGrid feed={feed} following={tab === 'following'} label={label} />;
}

/**
 * A feed's cards with their loading, empty and error states, loading more as it scrolls;
 * `following` gives the empty and signed-out states of a My Following tab.
 */
export function FeedGrid({ feed, following, label }: { feed: FeedPages; following: boolean; label: string }) {
  const { t } = useTranslation('home');
  const { t: tc } = useTranslation();
  if (feed.isPending) {
    return (
      <Loading>
        <Grid busy>
          {Array.from({ length: SKELETON_CARDS }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders of a fixed count; the index is their identity
            <FeedCardSkeleton key={i} />
          ))}
        </Grid>
      </Loading>
    );
  }
  if (feed.isError) {
    return <LoadFailed onRetry={() => void feed.refetch()} />;
  }
  const pages = feed.data.pages;
  if (pages.some((page) => page.needsLogin)) return <SignInToFollow />;
  const items = uniqueBy(
    pages.flatMap((page) => page.items),
    (item) => `${item.type}-${item.id}`,
  );
  if (items.length === 0) return <EmptyTab following={following} />;
  return (
    <div>
      <Grid label={label}>
        {items.map((item) => (
          <FeedCard key={`${item.type}-${item.id}`} item={item} />
        ))}
      </Grid>
      <LoadMore
        hasMore={feed.hasNextPage}
        loading={feed.isFetchingNextPage}
        onLoadMore={() => void feed.fetchNextPage()}
        moreLabel={t('loadMore')}
        loadingLabel={tc('actions.loading')}
        endLabel={t('endOfList')}
      />
    </div>
  );
}
