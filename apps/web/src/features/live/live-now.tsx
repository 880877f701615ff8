import { calls } from '@starlit/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCall } from '../../api/calls';
import { staticUrl } from '../../platform/static-url';
import { Avatar } from '../../ui/avatar';
import { LiveBadge } from './live-entry';

/** Shows listed at most in one strip; the list is ordered most watched first. */
const SHOWN = 12;

/**
 * "Live now": the shows on air with their viewer counts, on home and the community page. Nothing
 * is drawn while none is on (or the list cannot be read): the feed below is the page.
 */
export function LiveNow({ className = '' }: { className?: string }) {
  const { t } = useTranslation('live');
  const list = useCall(calls.live.list, { limit: SHOWN }, { refetchInterval: 15_000 });
  const shows = list.data?.items ?? [];
  if (shows.length === 0) return null;
  return (
    <section aria-labelledby="live-now-heading" className={className}>
      <h2 id="live-now-heading" className="mb-3 flex items-center gap-2 text-lg font-semibold text-ink">
        <LiveBadge />
        {t('now.heading')}
      </h2>
      <ul className="flex snap-x gap-3 overflow-x-auto pb-2">
        {shows.map((show) => (
          <li key={show.id} className="w-56 shrink-0 snap-start">
            <Link to={`/live/${show.id}`} className="group block overflow-hidden rounded-2xl border border-line bg-surface shadow-sm transition hover:shadow-md">
              <span className="relative block aspect-video bg-gradient-to-br from-indigo-900 to-fuchsia-700">
                {show.cover && <img src={staticUrl(show.cover)} alt="" className="size-full object-cover transition group-hover:scale-105" />}
                <LiveBadge className="absolute top-2 left-2" />
                <span className="absolute right-2 bottom-2 rounded-full bg-black/60 px-2 py-0.5 text-xs text-white">{t('now.viewers', { count: show.viewers })}</span>
              </span>
              <span className="flex items-center gap-2 p-2.5">
                <Avatar name={show.agent.nickname} src={show.agent.avatar} size="sm" />
                <span className="min-w-0">
                  <span className="block truncate text-sm font-medium text-ink">{show.title}</span>
                  <span className="block truncate text-xs text-muted">{show.agent.nickname}</span>
                </span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
