import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { LoadFailed } from './load-failed';
import { LoadMore } from './load-more';
import { Spinner } from './spinner';
import { uniqueBy } from './unique';

/** The parts of a cursor-paged query (`usePagedCall`) a list needs. */
export interface PagedQuery<P> {
  data: { pages: P[] } | undefined;
  isPending: boolean;
  isError: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  refetch(): unknown;
  fetchNextPage(): unknown;
}

export interface PagedListProps<P, T> {
  query: PagedQuery<P>;
  /** The rows of one page. */
  select(page: P): readonly T[];
  /** A row's identity: a row that a later page repeats (its rank changed in between) shows once. */
  keyOf?(item: T): string;
  /** Placeholders shaped like the rows, wrapped in `Loading`. */
  loading: ReactNode;
  /** What an empty list says (an `EmptyState`, usually `live`). */
  empty: ReactNode;
  /** The loaded rows, drawn. */
  children(items: T[]): ReactNode;
  /** Loads the next page as the list's end scrolls into view and says this at the end; without it, a "Load more" button. */
  endLabel?: string;
  className?: string;
  /** Classes of the row under the list that holds the "Load more" button. */
  footerClassName?: string;
}

/**
 * A cursor-paged list with its four states: placeholders while the first page loads, a retry
 * when it failed, a message when it is empty, and the rows with a way to the next page.
 */
export function PagedList<P, T>({ query, select, keyOf, loading, empty, children, endLabel, className, footerClassName = '' }: PagedListProps<P, T>) {
  const { t } = useTranslation();
  if (query.isPending) return <>{loading}</>;
  if (query.isError || !query.data) return <LoadFailed onRetry={() => void query.refetch()} />;
  const rows = query.data.pages.flatMap((page) => select(page));
  const items = keyOf ? uniqueBy(rows, keyOf) : rows;
  if (items.length === 0) return <>{empty}</>;
  const loadingNext = query.isFetchingNextPage;
  return (
    <div className={className}>
      {children(items)}
      {endLabel !== undefined ? (
        <LoadMore
          hasMore={query.hasNextPage}
          loading={loadingNext}
          onLoadMore={() => void query.fetchNextPage()}
          moreLabel={t('actions.loadMore')}
          loadingLabel={t('actions.loading')}
          endLabel={endLabel}
        />
      ) : (
        query.hasNextPage && (
          <div className={`flex justify-center p-4 ${footerClassName}`}>
            <Button variant="secondary" size="sm" onClick={() => void query.fetchNextPage()} disabled={loadingNext} icon={loadingNext ? <Spinner className="size-4" /> : undefined}>
              {loadingNext ? t('actions.loading') : t('actions.loadMore')}
            </Button>
          </div>
        )
      )}
    </div>
  );
}
