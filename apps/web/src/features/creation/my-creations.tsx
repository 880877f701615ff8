import { calls, type Creation } from '@starlit/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePagedCall } from '../../api/calls';
import { DateTime } from '../../ui/date-time';
import { EmptyState } from '../../ui/empty-state';
import { DanceIcon, ImageIcon, MusicIcon, SparklesIcon } from '../../ui/icons';
import { Loading } from '../../ui/loading';
import { PagedList } from '../../ui/paged-list';
import { Skeleton } from '../../ui/skeleton';

const PAGE_SIZE = 20;

const STATE_BADGES: Record<Creation['state'], string> = {
  generating: 'bg-amber-100 text-amber-900 dark:bg-amber-400/15 dark:text-amber-200',
  done: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-400/15 dark:text-emerald-200',
  failed: 'bg-red-100 text-red-800 dark:bg-red-400/15 dark:text-red-200',
  cancelled: 'border border-line text-muted',
};

/** What a row shows on its left: the picture, the waveform, or the workflow's sign. */
function Preview({ creation }: { creation: Creation }) {
  const picture = creation.state === 'done' ? (creation.files.find((f) => f.role === 'image' || f.role === 'waveform')?.url ?? null) : null;
  if (picture) return <img src={picture} alt="" className="size-16 shrink-0 rounded-lg bg-line object-cover" />;
  const Icon =
    creation.workflow === 'text2Music' ? MusicIcon : creation.workflow === 'music2Dance' ? DanceIcon : creation.workflow === 'text2Img' || creation.workflow === 'img2Img' ? ImageIcon : SparklesIcon;
  return (
    <span className="grid size-16 shrink-0 place-items-center rounded-lg bg-brand-100 text-brand-700 dark:bg-white/10 dark:text-brand-200">
      <Icon size={24} />
    </span>
  );
}

/**
 * My user center's "My creations" tab: everything I asked the studio for, newest first, with its
 * state (live while generating: the realtime push refreshes the list), each opening its studio.
 */
export function MyCreations() {
  const { t } = useTranslation('creation');
  const query = usePagedCall(calls.creation.list, { limit: PAGE_SIZE });
  return (
    <section aria-labelledby="my-creations-title" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="my-creations-title" className="text-lg font-semibold">
          {t('mine.title')}
        </h2>
        <Link to="/aigc-publish" className="text-sm font-semibold text-brand-700 hover:underline dark:text-brand-300">
          {t('mine.new')} →
        </Link>
      </div>
      <PagedList
        query={query}
        select={(page) => page.items}
        keyOf={(creation) => creation.id}
        loading={
          <Loading className="flex flex-col gap-2">
            {Array.from({ length: 3 }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders of a fixed count; the index is their identity
              <Skeleton key={i} className="h-20 w-full rounded-xl" />
            ))}
          </Loading>
        }
        empty={<EmptyState live title={t('mine.empty')} />}
        className="overflow-hidden rounded-2xl border border-line bg-surface"
        footerClassName="border-t border-line"
      >
        {(creations) => (
          <ul aria-label={t('mine.title')} className="divide-y divide-line">
            {creations.map((creation) => (
              <li key={creation.id}>
                <Link
                  to={`/aigc-publish?studio=${creation.workflow}&id=${creation.id}`}
                  className="flex items-center gap-3 p-3 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-500 dark:hover:bg-white/5 sm:p-4"
                >
                  <Preview creation={creation} />
                  <span className="flex min-w-0 flex-1 flex-col gap-1">
                    <span className="flex flex-wrap items-center gap-2">
                      <span className="text-sm font-semibold text-ink">{t(`workflowNames.${creation.workflow}`)}</span>
                      <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATE_BADGES[creation.state]}`}>
                        {creation.state === 'generating' ? t('mine.generating', { percent: creation.progress }) : t(`mine.states.${creation.state}`)}
                      </span>
                    </span>
                    <span className="truncate text-sm text-muted">{creation.description || t('mine.noDescription')}</span>
                    <span className="text-xs text-muted">
                      <DateTime value={creation.createdAt} />
                      {creation.error ? ` · ${creation.error}` : ''}
                    </span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </PagedList>
    </section>
  );
}
