import { calls, type CallOutput } from '@starlit/contract';
import { truncateByWidth } from '@starlit/contract/rules';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePagedCall } from '../../api/calls';
import { imageUrl } from '../../platform/static-url';
import { Avatar } from '../../ui/avatar';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { Grid } from '../../ui/grid';
import { Loading } from '../../ui/loading';
import { PagedList } from '../../ui/paged-list';
import { Skeleton } from '../../ui/skeleton';
import { BookmarkIcon } from '../../ui/icons';
import { useAuthStore } from '../auth/auth-store';
import { redirectToSignIn } from '../auth/sign-in';
import { CollectButton } from './collect-button';
import { LikeButton } from './like-button';
import { useOpenWork } from './work-address';

type Work = CallOutput<typeof calls.works.get>;

const PAGE_SIZE = 20;
/** Names are cut by display width (a Chinese character counts 2, SPEC §5). */
const NAME_WIDTH = 26;
const COVER_WIDTH = 400;

function CollectedWork({ work }: { work: Work }) {
  const { t } = useTranslation('works');
  const openWork = useOpenWork();
  const [broken, setBroken] = useState(false);
  const name = work.name || t('collections.untitled');
  const open = () => openWork(work.id);
  return (
    <li className="flex min-w-0 flex-col overflow-hidden rounded-2xl border border-line bg-surface shadow-sm">
      <button
        type="button"
        onClick={open}
        aria-label={name}
        className="group block cursor-pointer text-left focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-brand-500"
      >
        <span className="block aspect-[4/5] overflow-hidden bg-gradient-to-br from-brand-800 to-fuchsia-600">
          {work.cover && !broken ? (
            <img
              src={imageUrl(work.cover, COVER_WIDTH)}
              srcSet={`${imageUrl(work.cover, COVER_WIDTH)} 1x, ${imageUrl(work.cover, COVER_WIDTH * 2)} 2x`}
              alt=""
              loading="lazy"
              decoding="async"
              onError={() => setBroken(true)}
              className="size-full object-cover transition-transform duration-300 group-hover:scale-[1.04]"
            />
          ) : (
            <span className="flex size-full items-end p-4 text-sm leading-relaxed text-white/85">
              <span className="line-clamp-[7]">{work.description}</span>
            </span>
          )}
        </span>
        <span className="block px-3.5 pt-3 font-semibold text-ink" title={name}>
          {truncateByWidth(name, NAME_WIDTH)}
        </span>
        <span className="flex min-w-0 items-center gap-1.5 px-3.5 pt-1.5 text-xs text-muted">
          <Avatar name={work.author.userName} src={work.author.avatar} size="xs" />
          <span className="truncate">{t('collections.by', { name: work.author.userName })}</span>
        </span>
      </button>
      <span className="mt-auto flex gap-2 p-3.5 pt-3">
        <LikeButton work={work} size="sm" />
        <CollectButton work={work} size="sm" />
      </span>
    </li>
  );
}

function GridSkeleton() {
  return (
    <Loading>
      <Grid>
        {Array.from({ length: 5 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders of a fixed count; the index is their identity
          <li key={i} className="overflow-hidden rounded-2xl border border-line bg-surface">
            <Skeleton className="aspect-[4/5] rounded-none" />
            <span className="flex flex-col gap-2 p-3.5">
              <Skeleton className="h-4 w-3/4" />
              <Skeleton className="h-3 w-1/2" />
            </span>
          </li>
        ))}
      </Grid>
    </Loading>
  );
}

/**
 * "My collections" (SPEC §2 content tabs): the works I collected and can still see, newest
 * collected first, a page at a time. Taking one out of the collections leaves the list.
 */
export function MyCollections() {
  const { t } = useTranslation('works');
  const { t: tc } = useTranslation();
  const signedIn = useAuthStore((s) => s.session !== null);
  const list = usePagedCall(calls.works.collections, { limit: PAGE_SIZE }, { enabled: signedIn });
  if (!signedIn) {
    return (
      <EmptyState
        icon={<BookmarkIcon size={30} />}
        title={t('collections.signedOutTitle')}
        body={t('collections.signedOutBody')}
        action={<Button onClick={redirectToSignIn}>{tc('account.logIn')}</Button>}
      />
    );
  }
  return (
    <PagedList
      query={list}
      select={(page) => page.items}
      loading={<GridSkeleton />}
      empty={<EmptyState live icon={<BookmarkIcon size={30} />} title={t('collections.emptyTitle')} body={t('collections.emptyBody')} />}
    >
      {(works) => (
        <Grid label={t('collections.title')} busy={list.isFetchingNextPage}>
          {works.map((work) => (
            <CollectedWork key={work.id} work={work} />
          ))}
        </Grid>
      )}
    </PagedList>
  );
}
