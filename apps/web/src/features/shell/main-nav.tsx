import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { PlusIcon } from '../../ui/icons';
import { CREATE_PATH, NAV_ITEMS } from './nav-items';

const focus = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white';

/** The navigation links, in a row (header) or a column (mobile menu). */
export function MainNav({ layout, onNavigate }: { layout: 'row' | 'column'; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const row = layout === 'row';
  const link = ({ isActive }: { isActive: boolean }) =>
    `${row ? 'h-9 px-2.5' : 'h-12 px-4 text-base'} flex items-center whitespace-nowrap rounded-full text-sm font-medium transition-colors ${focus} ${
      isActive ? 'bg-white/15 text-white' : 'text-white/75 hover:bg-white/10 hover:text-white'
    }`;
  return (
    <nav aria-label={t('nav.main')}>
      <ul className={row ? 'flex items-center gap-1' : 'flex flex-col gap-1'}>
        {NAV_ITEMS.map((item) => (
          <li key={item.to} className={row && 'wide' in item ? 'hidden xl:block' : undefined}>
            <NavLink to={item.to} end={item.end} className={link} onClick={onNavigate}>
              {t(item.key)}
            </NavLink>
          </li>
        ))}
        <li className={row ? 'ml-2' : 'mt-2'}>
          <NavLink
            to={CREATE_PATH}
            onClick={onNavigate}
            className={`flex items-center justify-center gap-1.5 rounded-full whitespace-nowrap bg-white font-semibold text-brand-900 shadow-sm transition-colors hover:bg-brand-100 ${focus} ${row ? 'h-9 px-4 text-sm' : 'h-12 text-base'}`}
          >
            <PlusIcon size={16} />
            {t('nav.create')}
          </NavLink>
        </li>
      </ul>
    </nav>
  );
}
