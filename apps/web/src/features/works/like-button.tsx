import { useTranslation } from 'react-i18next';
import { HeartIcon } from '../../ui/icons';
import { ReactionButton } from './reaction-button';
import { type ReactionWork, useReaction } from './use-reaction';

/** Like or unlike a work, with its like count; signed out, it asks to log in. */
export function LikeButton({ work, size = 'md' }: { work: ReactionWork; size?: 'sm' | 'md' }) {
  const { t } = useTranslation('works');
  const { shown, busy, toggle } = useReaction('like', work);
  const countLabel = t('like.count', { count: shown.count });
  return (
    <ReactionButton
      tone="like"
      shown={shown}
      busy={busy}
      label={`${t('like.like')} (${countLabel})`}
      countLabel={countLabel}
      icon={(filled) => <HeartIcon size={size === 'sm' ? 16 : 18} fill={filled ? 'currentColor' : 'none'} />}
      onToggle={toggle}
      size={size}
    />
  );
}
