import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Avatar } from '../../ui/avatar';
import { AlertIcon, ChevronDownIcon, DiamondIcon, ImageIcon, LogOutIcon, SparklesIcon, UserIcon } from '../../ui/icons';
import { useCurrentUser } from '../auth/auth-store';
import { useSignOut } from '../auth/use-sign-out';
import { WORKS_VIEWS } from '../works/my-works';

const item =
  'flex cursor-pointer items-center gap-2.5 rounded-lg px-3 py-2 text-sm text-ink outline-none select-none data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-800 dark:data-[highlighted]:bg-white/10 dark:data-[highlighted]:text-white';

/** The signed-in user's menu: who is signed in, their page, the moderation and economy consoles for admins, sign out here or everywhere. */
export function AccountMenu() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const navigate = useNavigate();
  const signOut = useSignOut();
  if (!user) return null;
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label={t('account.menu', { name: user.userName })}
        className="flex h-10 cursor-pointer items-center gap-2 rounded-full py-1 pr-2 pl-1 text-white transition-colors hover:bg-white/15 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white data-[state=open]:bg-white/15"
      >
        <Avatar name={user.userName} src={user.avatar} />
        {/* the name only from 1536 px: at 1280 the links, the search box and the language leave it no room */}
        <span className="hidden max-w-32 truncate text-sm font-medium 2xl:inline">{user.userName}</span>
        <ChevronDownIcon size={14} className="opacity-80" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={8} className="z-50 w-64 rounded-2xl border border-line bg-surface p-1.5 text-ink shadow-xl shadow-brand-950/15">
          <DropdownMenu.Label className="flex items-center gap-3 px-3 py-2.5">
            <Avatar name={user.userName} src={user.avatar} size="md" />
            <span className="min-w-0">
              <span className="block truncate font-semibold">{user.userName}</span>
              {user.role === 'admin' && <span className="text-xs font-medium text-brand-600 dark:text-brand-300">{t('account.admin')}</span>}
            </span>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-line" />
          <DropdownMenu.Item className={item} onSelect={() => void navigate(`/usercenter/${user.userId}`)}>
            <UserIcon size={16} />
            {t('account.myPage')}
          </DropdownMenu.Item>
          {user.role === 'admin' && (
            <>
              <DropdownMenu.Item className={item} onSelect={() => void navigate('/moderation')}>
                <AlertIcon size={16} />
                {t('account.moderation')}
              </DropdownMenu.Item>
              <DropdownMenu.Item className={item} onSelect={() => void navigate('/economy')}>
                <DiamondIcon size={16} />
                {t('account.economy')}
              </DropdownMenu.Item>
            </>
          )}
          <DropdownMenu.Item className={item} onSelect={() => void navigate(WORKS_VIEWS.mine)}>
            <ImageIcon size={16} />
            {t('account.myWorks')}
          </DropdownMenu.Item>
          <DropdownMenu.Item className={item} onSelect={() => void navigate('/recharge')}>
            <SparklesIcon size={16} />
            {t('account.recharge')}
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="my-1 h-px bg-line" />
          <DropdownMenu.Item className={item} onSelect={() => void signOut(false)}>
            <LogOutIcon size={16} />
            {t('account.signOut')}
          </DropdownMenu.Item>
          <DropdownMenu.Item className={item} onSelect={() => void signOut(true)}>
            <LogOutIcon size={16} />
            {t('account.signOutEverywhere')}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
