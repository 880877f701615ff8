import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { useRefreshUser } from '../features/auth/use-refresh-user';
import { useNoticeRealtime } from '../features/notices/use-notice-realtime';
import { Footer } from '../features/shell/footer';
import { Header } from '../features/shell/header';
import { useWorkAddress } from '../features/works/work-address';
import { isHeaderHiddenInNativeApp, isInNativeApp } from '../platform/native-bridge';
import { ModalHost } from './modal-host';
import { useNativeBridge } from './use-native-bridge';
import { usePageTracking } from './use-page-tracking';

/** Pages that fill the screen below the header themselves: a footer under them would only scroll the page. */
const FULL_SCREEN_PATHS = ['/chatroom'];

/** The one layout every route sits in (SPEC §2). */
export function AppLayout() {
  const { t } = useTranslation();
  const location = useLocation();
  useRefreshUser();
  useNoticeRealtime();
  usePageTracking();
  useNativeBridge();
  useWorkAddress();
  const showHeader = !(isInNativeApp() && isHeaderHiddenInNativeApp(location.pathname));
  const fullScreen = FULL_SCREEN_PATHS.some((path) => location.pathname.startsWith(path));

  return (
    <div className="flex min-h-dvh flex-col">
      {/* a button, not a #fragment link: the hash belongs to the router */}
      <button
        type="button"
        onClick={() => document.getElementById('main')?.focus()}
        className="sr-only z-50 rounded-full bg-white px-4 py-2 text-sm font-semibold text-brand-900 shadow-lg focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        {t('nav.skipToContent')}
      </button>
      {showHeader && <Header />}
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        <Outlet />
      </main>
      {!fullScreen && <Footer />}
      <ModalHost />
      <ScrollRestoration />
    </div>
  );
}
