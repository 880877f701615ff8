import type { LiveShow } from '@starlit/contract';
import { useTranslation } from 'react-i18next';
import { formatDuration } from './live-clock';
import { LiveBoard } from './live-board';

type Summary = NonNullable<LiveShow['summary']>;

/** What a show came to, shown in place of the stage once it ends. */
export function LiveSummary({ summary, agentName }: { summary: Summary; agentName: string }) {
  const { t } = useTranslation('live');
  const figures = [
    ['peakViewers', summary.peakViewers],
    ['messages', summary.messages],
    ['gifts', summary.gifts],
    ['diamonds', summary.diamonds],
    ['points', summary.points],
  ] as const;
  return (
    <section aria-labelledby="live-summary-title" className="flex flex-col gap-4 rounded-2xl bg-gradient-to-b from-brand-900 to-brand-950 p-5 text-white sm:p-8" data-testid="live-summary">
      <div>
        <h2 id="live-summary-title" className="text-xl font-semibold">
          {t('summary.title')}
        </h2>
        <p className="text-sm text-brand-100">{t('summary.lead', { name: agentName, duration: formatDuration(summary.seconds) })}</p>
      </div>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {figures.map(([key, value]) => (
          <div key={key} className="rounded-xl bg-white/10 px-3 py-2">
            <dt className="text-xs text-brand-100">{t(`summary.${key}`)}</dt>
            <dd className="text-2xl font-semibold tabular-nums">{value}</dd>
          </div>
        ))}
        <div className="rounded-xl bg-white/10 px-3 py-2">
          <dt className="text-xs text-brand-100">{t('summary.duration')}</dt>
          <dd className="text-2xl font-semibold tabular-nums">{formatDuration(summary.seconds)}</dd>
        </div>
      </dl>
      <div className="text-ink">
        <LiveBoard board={summary.topGivers} title={t('summary.topGivers')} />
      </div>
    </section>
  );
}
