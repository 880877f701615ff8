import { calls } from '@starlit/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePagedCall } from '../../api/calls';
import { imageUrl } from '../../platform/static-url';
import { buttonClass } from '../../ui/button';
import { DateTime } from '../../ui/date-time';
import { EmptyState } from '../../ui/empty-state';
import { DanceIcon, ImageIcon, MusicIcon, TextIcon, VideoIcon } from '../../ui/icons';
import { Loading } from '../../ui/loading';
import { PagedList } from '../../ui/paged-list';
import { Skeleton } from '../../ui/skeleton';
import { AuthorActions } from './work-actions';
import { useOpenWork } from './work-address';
import type { Work } from './work-types';

const KIND_ICONS = { image: ImageIcon, audio: MusicIcon, video: VideoIcon, dance: DanceIcon, post: TextIcon } as const;

/** The create page's views of works: where "Publish a work", "Write a post" and "My works" live. */
export const WORKS_VIEWS = { work: '/aigc-publish?view=work', post: '/aigc-publish?view=post', mine: '/aigc-publish?view=mine' } as const;

function Badge({ children, tone }: { children: string; tone: 'draft' | 'published' | 'private' }) {
  const look = {
    draft: 'bg-amber-50 text-amber-800 dark:bg-amber-400/15 dark:text-amber-200',
    published: 'bg-emerald-50 text-emerald-800 dark:bg-emerald-400/15 dark:text-emerald-200',
    private: 'bg-line/60 text-muted',
  }[tone];
  return <span className={`rounded-full px-2 py-0.5 text-[11px] font-semibold ${look}`}>{children}</span>;
}

function WorkRow({ work }: { work: Work }) {
  const { t } = useTranslation('works');
  const openWork = useOpenWork();
  const Icon = KIND_ICONS[work.kind];
  const name = work.name || t('mine.untitled');
  return (
    <li className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-3 sm:flex-row sm:items-center">
      <button
        type="button"
        onClick={() => openWork(work.id)}
        aria-label={t('mine.open', { name })}
        className="flex min-w-0 flex-1 cursor-pointer items-center gap-3 rounded-xl text-left focus-visible:outline-2 focus-visible:outline-brand-500"
      >
        <span className="grid size-16 shrink-0 place-items-center overflow-hidden rounded-xl bg-gradient-to-br from-brand-800 to-brand-500 text-white">
          {work.cover ? <img src={imageUrl(work.cover, 160)} alt="" className="size-full object-cover" /> : <Icon size={26} />}
        </span>
        <span className="flex min-w-0 flex-col gap-1">
          <span className="truncate font-semibold text-ink">{name}</span>
          <span className="flex flex-wrap items-center gap-1.5">
            <Badge tone={work.status}>{t(`mine.${work.status}`)}</Badge>
            {!work.isPublic && <Badge tone="private">{t('mine.private')}</Badge>}
            <span className="text-xs text-muted">{t(`kinds.${work.kind}`)}</span>
          </span>
          <span className="text-xs text-muted">
            {t('mine.updated')}
            <DateTime value={work.updatedAt} />
          </span>
        </span>
      </button>
      <AuthorActions work={work} />
    </li>
  );
}

/** My works, drafts and published, newest first (the user center's portfolio tab will show this). */
export function MyWorks() {
  const { t } = useTranslation('works');
  const mine = usePagedCall(calls.works.mine, {});
  return (
    <section aria-labelledby="my-works-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-2">
        <h2 id="my-works-heading" className="mr-auto text-xl font-semibold text-ink">
          {t('mine.title')}
        </h2>
        <Link to={WORKS_VIEWS.work} className={buttonClass('primary', 'sm')}>
          {t('create.work')}
        </Link>
        <Link to={WORKS_VIEWS.post} className={buttonClass('secondary', 'sm')}>
          {t('create.post')}
        </Link>
      </div>
      <PagedList
        query={mine}
        select={(page) => page.items}
        loading={
          <Loading>
            <Skeleton className="h-24 w-full" />
          </Loading>
        }
        empty={<EmptyState icon={<ImageIcon size={30} />} title={t('mine.empty')} body={t('mine.emptyBody')} />}
      >
        {(works) => (
          <ul className="flex flex-col gap-3">
            {works.map((work) => (
              <WorkRow key={work.id} work={work} />
            ))}
          </ul>
        )}
      </PagedList>
    </section>
  );
}
