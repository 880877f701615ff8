import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { ChatIcon } from '../../ui/icons';
import { LoadFailed } from '../../ui/load-failed';
import { Loading } from '../../ui/loading';
import { Skeleton } from '../../ui/skeleton';
import { Tab, TabList, TabsRoot } from '../../ui/tabs';
import { useCurrentUser } from '../auth/auth-store';
import { CommentComposer } from './comment-composer';
import { useComments } from './comment-queries';
import { uniqueItems } from './comment-rules';
import { CommentThreadView } from './comment-thread';
import { useLoadWhenSeen } from './use-load-when-seen';

type Order = 'newest' | 'liked';

/**
 * The comments of a work (SPEC §2 Creation detail): the composer, newest or most liked first,
 * threads of replies under each top comment, and "load more". The author badge and who may
 * delete come from the server; `workAuthorId` lets the composer speak to the work's author.
 */
export function CommentSection({ workId, workAuthorId }: { workId: string; workAuthorId: string }) {
  const { t } = useTranslation('comments');
  const [order, setOrder] = useState<Order>('newest');
  const list = useComments(workId, order);
  const threads = uniqueItems(list.data?.pages);
  const total = list.data?.pages[0]?.total;
  const isWorkAuthor = useCurrentUser()?.userId === workAuthorId;
  const canLoadMore = list.hasNextPage && !list.isFetchingNextPage;
  const more = useLoadWhenSeen<HTMLDivElement>(canLoadMore, () => void list.fetchNextPage());

  return (
    <section aria-labelledby={`comments-${workId}`} className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id={`comments-${workId}`} className="mr-auto text-lg font-semibold text-ink">
          {total === undefined ? t('title') : t('count', { count: total })}
        </h2>
        <TabsRoot value={order} onValueChange={(value) => setOrder(value === 'liked' ? 'liked' : 'newest')}>
          <TabList label={t('order.label')}>
            <Tab value="newest">{t('order.newest')}</Tab>
            <Tab value="liked">{t('order.liked')}</Tab>
          </TabList>
        </TabsRoot>
      </div>
      <CommentComposer workId={workId} placeholder={isWorkAuthor ? t('composer.placeholderAuthor') : t('composer.placeholder')} />
      {list.isPending ? (
        <Loading className="flex flex-col gap-4">
          <span className="sr-only">{t('list.loading')}</span>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-16 w-full" />
          ))}
        </Loading>
      ) : list.isError ? (
        <LoadFailed onRetry={() => void list.refetch()} />
      ) : threads.length === 0 ? (
        <EmptyState icon={<ChatIcon />} title={t('list.empty')} body={t('list.emptyBody')} />
      ) : (
        <ul className="flex flex-col">
          {threads.map((thread) => (
            <CommentThreadView key={thread.id} thread={thread} workId={workId} />
          ))}
        </ul>
      )}
      {list.hasNextPage && (
        <div ref={more} className="self-center">
          <Button variant="secondary" size="sm" disabled={!canLoadMore} onClick={() => void list.fetchNextPage()}>
            {t('list.loadMore')}
          </Button>
        </div>
      )}
    </section>
  );
}
