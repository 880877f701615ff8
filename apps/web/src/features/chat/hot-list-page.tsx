import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { imageUrl } from '../../platform/static-url';
import { buttonClass } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { FlameIcon } from '../../ui/icons';
import { LoadFailed } from '../../ui/load-failed';
import { Loading } from '../../ui/loading';
import { Skeleton } from '../../ui/skeleton';
import { useDocumentTitle } from '../../ui/use-document-title';
import { useHotAgents } from './chat-queries';

const rankColours = ['bg-amber-400 text-amber-950', 'bg-slate-300 text-slate-900', 'bg-orange-300 text-orange-950'];

/** Heat is a decayed sum of messages: shown whole (any activity at least 1) and short when large, like a count. */
export function formatHeat(heat: number, language: string): string {
  const whole = heat > 0 ? Math.max(1, Math.round(heat)) : 0;
  return new Intl.NumberFormat(language.replace('_', '-'), { notation: 'compact', maximumFractionDigits: 1 }).format(whole);
}

/** `/hotlist`: public agents ranked by recent chat activity, each a click away from a chat. Open to visitors. */
export function HotListPage() {
  const { t, i18n } = useTranslation('chat');
  const hot = useHotAgents();
  useDocumentTitle(t('hot.title'));
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-6 md:py-10">
      <header>
        <h1 className="flex items-center gap-2 text-3xl font-bold tracking-tight text-ink">
          <FlameIcon size={28} className="text-orange-500" />
          {t('hot.title')}
        </h1>
        <p className="mt-2 text-muted">{t('hot.subtitle')}</p>
      </header>
      {hot.isPending ? (
        <Loading className="flex flex-col gap-3">
          {Array.from({ length: 4 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders of a fixed count; the index is their identity
            <Skeleton key={i} className="h-28 w-full rounded-2xl" />
          ))}
        </Loading>
      ) : hot.isError ? (
        <LoadFailed onRetry={() => void hot.refetch()} />
      ) : hot.data.items.length === 0 ? (
        <EmptyState
          live
          icon={<FlameIcon size={30} />}
          title={t('hot.empty')}
          body={t('hot.emptyBody')}
          action={
            <Link to="/agentcenter" className={buttonClass()}>
              {t('hot.browse')}
            </Link>
          }
        />
      ) : (
        <ol aria-label={t('hot.list')} className="flex flex-col gap-3">
          {hot.data.items.map((agent, index) => (
            <li key={agent.agentId} className="flex items-center gap-3 rounded-2xl border border-line bg-surface p-3 shadow-sm sm:gap-4 sm:p-4">
              <span
                role="img"
                aria-label={t('hot.rank', { rank: index + 1 })}
                className={`grid size-7 shrink-0 place-items-center rounded-full text-sm font-bold tabular-nums sm:size-8 ${rankColours[index] ?? 'bg-brand-100 text-brand-800'}`}
              >
                {index + 1}
              </span>
              <Link to={`/agentcenter/${agent.agentId}`} className="shrink-0 rounded-xl focus-visible:outline-2 focus-visible:outline-brand-500" tabIndex={-1} aria-hidden="true">
                <span className="block size-14 overflow-hidden rounded-xl bg-gradient-to-br from-brand-700 to-brand-500 sm:size-20">
                  {agent.avatar ? (
                    <img src={imageUrl(agent.avatar, 200)} alt="" loading="lazy" className="size-full object-cover" />
                  ) : (
                    <span className="grid size-full place-items-center text-2xl font-bold text-white/80">{Array.from(agent.nickname.trim())[0]?.toUpperCase() ?? '?'}</span>
                  )}
                </span>
              </Link>
              <div className="min-w-0 flex-1">
                <Link to={`/agentcenter/${agent.agentId}`} className="block truncate font-semibold text-ink hover:underline">
                  {agent.nickname}
                </Link>
                <p className="mt-0.5 line-clamp-2 text-sm leading-relaxed break-words text-muted">{agent.intro}</p>
                <p className="mt-1.5 flex flex-wrap gap-x-3 gap-y-0.5 text-xs text-muted">
                  <span className="inline-flex items-center gap-1 font-medium text-orange-700">
                    <FlameIcon size={13} />
                    {t('hot.heat', { heat: formatHeat(agent.heat, i18n.language) })}
                  </span>
                  <span>{t('hot.chatters', { count: agent.chatters })}</span>
                </p>
              </div>
              <Link to={`/chatroom?agentId=${agent.agentId}`} aria-label={t('hot.chatWith', { name: agent.nickname })} className={buttonClass('primary', 'sm', 'shrink-0')}>
                {t('hot.chat')}
              </Link>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
