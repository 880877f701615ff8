import { useTranslation } from 'react-i18next';
import { BookmarkIcon } from '../../ui/icons';
import { ReactionButton } from './reaction-button';
import { type ReactionWork, useReaction } from './use-reaction';

/** Collect a work into "my collections" or take it out, with its collect count; signed out, it asks to log in. */
export function CollectButton({ work, size = 'md' }: { work: ReactionWork; size?: 'sm' | 'md' }) {
  const { t } = useTranslation('works');
  const { shown, busy, toggle } = useReaction('collect', work);
  const countLabel = t('collect.count', { count: shown.count });
  return (
    <ReactionButton
      tone="collect"
      shown={shown}
      busy={busy}
      label={`${t('collect.collect')} (${countLabel})`}
      countLabel={countLabel}
      icon={(filled) => <BookmarkIcon size={size === 'sm' ? 16 : 18} fill={filled ? 'currentColor' : 'none'} />}
      onToggle={toggle}
      size={size}
    />
  );
}
