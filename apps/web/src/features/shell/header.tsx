import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Button } from '../../ui/button';
import { CloseIcon, MenuIcon, StarMark } from '../../ui/icons';
import { useAuthStore } from '../auth/auth-store';
import { redirectToSignIn } from '../auth/sign-in';
import { NoticeBell } from '../notices/notice-bell';
import { SearchBox } from '../search/search-box';
import { AccountMenu } from './account-menu';
import { LanguageSelect } from './language-select';
import { MainNav } from './main-nav';

/** The brand header: full navigation from 1024 px, a compact bar with a menu below that. */
export function Header() {
  const { t } = useTranslation();
  const signedIn = useAuthStore((s) => s.session !== null);
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const location = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: the address is the trigger: navigating closes the menu
  useEffect(() => setMenuOpen(false), [location.pathname, location.search]);
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setMenuOpen(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  return (
    <header className="sticky top-0 z-30 bg-gradient-to-r from-brand-900 to-brand-700 text-white shadow-lg shadow-brand-950/20">
      <div className="mx-auto flex h-16 max-w-[1440px] items-center gap-3 px-4 sm:px-6 lg:gap-4 lg:px-8">
        <Link to="/" className="flex shrink-0 items-center gap-2 rounded-lg text-xl font-bold tracking-tight focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-white">
          <StarMark />
          <span>Starlit</span>
        </Link>
        <div className="hidden lg:block">
          <MainNav layout="row" />
        </div>
        <SearchBox className="ml-auto hidden w-56 md:block xl:w-72" />
        <div className="ml-auto flex items-center gap-1.5 sm:gap-2 md:ml-0">
          <div className="hidden lg:block">
            <LanguageSelect />
          </div>
          <NoticeBell />
          {signedIn ? (
            <AccountMenu />
          ) : (
            <Button variant="light" size="sm" onClick={redirectToSignIn}>
              {t('account.signIn')}
            </Button>
          )}
          <button
            type="button"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            aria-label={t(menuOpen ? 'nav.closeMenu' : 'nav.openMenu')}
            onClick={() => setMenuOpen((open) => !open)}
            className="grid size-10 cursor-pointer place-items-center rounded-full transition-colors hover:bg-white/15 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white lg:hidden"
          >
            {menuOpen ? <CloseIcon size={22} /> : <MenuIcon size={22} />}
          </button>
        </div>
      </div>
      <div id={menuId} hidden={!menuOpen} className="border-t border-white/10 bg-brand-900 px-4 pt-3 pb-5 sm:px-6 lg:hidden">
        {menuOpen && (
          <>
            <SearchBox className="mb-4 md:hidden" />
            <MainNav layout="column" onNavigate={() => setMenuOpen(false)} />
            <div className="mt-5 flex items-center justify-between gap-3 border-t border-white/10 pt-4">
              <span className="text-sm text-white/70">{t('language.label')}</span>
              <LanguageSelect />
            </div>
          </>
        )}
      </div>
    </header>
  );
}
