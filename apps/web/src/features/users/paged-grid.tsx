import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { Grid } from '../../ui/grid';
import { LoadFailed } from '../../ui/load-failed';
import { Loading } from '../../ui/loading';
import { FeedCardSkeleton } from '../home/feed-card';

/** The parts of a paged query a grid needs. */
export interface PagedList<T> {
  items: T[];
  isPending: boolean;
  isError: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  refetch(): unknown;
  fetchNextPage(): unknown;
}

/** A profile list in the home grid: placeholders while it loads, a message when empty, more on demand. */
export function PagedGrid<T>({ list, label, empty, children }: { list: PagedList<T>; label: string; empty: ReactNode; children: (item: T) => ReactNode }) {
  const { t } = useTranslation('users');
  if (list.isPending) {
    return (
      <Loading>
        <Grid label={label} busy>
          {Array.from({ length: 5 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders of a fixed count; the index is their identity
            <FeedCardSkeleton key={i} />
          ))}
        </Grid>
      </Loading>
    );
  }
  if (list.isError) return <LoadFailed onRetry={() => void list.refetch()} />;
  if (list.items.length === 0) return <>{empty}</>;
  return (
    <div className="flex flex-col gap-6">
      <Grid label={label}>{list.items.map(children)}</Grid>
      {list.hasNextPage && (
        <Button variant="secondary" className="self-center" disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
          {t('profile.loadMore')}
        </Button>
      )}
    </div>
  );
}

/** An empty list's quiet message. */
export function EmptyList({ title, body }: { title: string; body?: string }) {
  return <EmptyState title={title} body={body} live />;
}
