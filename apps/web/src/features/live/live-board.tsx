import type { LiveShow } from '@starlit/contract';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../ui/avatar';
import { DiamondIcon } from '../../ui/icons';

type Giver = LiveShow['board'][number];

/** The show's givers, most diamonds first, as the newest gift event (or the show) says. */
export function LiveBoard({ board, title }: { board: readonly Giver[]; title?: string }) {
  const { t } = useTranslation('live');
  return (
    <section aria-label={title ?? t('board.title')} className="rounded-2xl border border-line bg-surface px-4 py-3" data-testid="live-board">
      <h2 className="mb-2 text-sm font-semibold">{title ?? t('board.title')}</h2>
      {board.length === 0 ? (
        <p className="text-sm text-muted">{t('board.empty')}</p>
      ) : (
        <ol className="flex flex-col gap-1.5">
          {board.slice(0, 5).map((giver, index) => (
            <li key={giver.user.userId} className="flex items-center gap-2 text-sm">
              <span className="w-5 text-center font-semibold text-brand-600 tabular-nums dark:text-brand-300">{index + 1}</span>
              <Avatar name={giver.user.userName} src={giver.user.avatar} size="xs" />
              <span className="min-w-0 flex-1 truncate">{giver.user.userName}</span>
              <span className="flex shrink-0 items-center gap-1 text-xs text-muted tabular-nums">
                <DiamondIcon size={14} />
                <span className="sr-only">{t('board.diamonds')}</span>
                {giver.diamonds}
                <span aria-hidden="true">·</span>
                {t('board.points', { count: giver.points })}
                <span aria-hidden="true">·</span>
                {t('board.gifts', { count: giver.gifts })}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
