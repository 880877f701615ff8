import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BellIcon } from '../../ui/icons';
import { useUnreadCount } from './notice-queries';
import { badgeText } from './unread';

/** The header bell: goes to the notifications tab and shows the unread badge (hidden at 0, "99+" above 99). */
export function NoticeBell() {
  const { t } = useTranslation();
  const { all } = useUnreadCount();
  const badge = badgeText(all);
  return (
    <Link
      to="/content?tab=notifications"
      aria-label={all > 0 ? t('notifications.labelWithCount', { count: all }) : t('notifications.label')}
      className="relative grid size-10 place-items-center rounded-full text-white/90 transition-colors hover:bg-white/15 hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
    >
      <BellIcon size={22} />
      {badge && (
        <span aria-hidden="true" className="absolute top-0.5 right-0 min-w-5 rounded-full bg-rose-500 px-1.5 text-center text-[11px] leading-5 font-bold text-white ring-2 ring-brand-900">
          {badge}
        </span>
      )}
    </Link>
  );
}
