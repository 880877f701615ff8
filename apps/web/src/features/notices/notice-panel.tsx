import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { CheckIcon, InboxIcon } from '../../ui/icons';
import { useAuthStore, useIsAdmin } from '../auth/auth-store';
import { redirectToSignIn } from '../auth/sign-in';
import { NoticeList } from './notice-list';
import { useMarkAllRead, useUnreadCount } from './notice-queries';
import type { NoticeKind } from './notice-types';
import { SendNoticeForm } from './send-notice-form';

/** A messages tab: its unread count, "Mark all as read", the admin form (notifications) and the list. */
export function NoticePanel({ kind }: { kind: NoticeKind }) {
  const { t } = useTranslation('notices');
  const { t: tc } = useTranslation();
  const signedIn = useAuthStore((s) => s.session !== null);
  const isAdmin = useIsAdmin();
  const unread = useUnreadCount();
  const markAll = useMarkAllRead(kind);
  const count = kind === 'system' ? unread.system : unread.interact;
  const title = t(kind === 'system' ? 'tabs.notifications' : 'tabs.interactive');

  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-ink">{title}</h1>
          {signedIn && (
            <p className="mt-0.5 text-sm text-muted" aria-live="polite">
              {count > 0 ? t('unreadCount', { count }) : t('allRead')}
            </p>
          )}
        </div>
        {signedIn && (
          <Button variant="secondary" size="sm" icon={<CheckIcon size={16} />} onClick={() => markAll.mutate({ all: true })} disabled={markAll.isPending}>
            {t('markAllRead')}
          </Button>
        )}
      </div>
      {isAdmin && kind === 'system' && <SendNoticeForm />}
      <div className="overflow-hidden rounded-2xl border border-line bg-surface shadow-sm">
        {signedIn ? (
          <NoticeList kind={kind} />
        ) : (
          <EmptyState icon={<InboxIcon size={30} />} title={t('signedOut.title')} body={t('signedOut.body')} action={<Button onClick={redirectToSignIn}>{tc('account.logIn')}</Button>} />
        )}
      </div>
    </div>
  );
}
