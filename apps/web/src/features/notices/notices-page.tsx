import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { Tab, TabList, TabPanel, TabsRoot } from '../../ui/tabs';
import { useDocumentTitle } from '../../ui/use-document-title';
import { MyCollections } from '../works/my-collections';
import { MyWorks } from '../works/my-works';
import { NoticePanel } from './notice-panel';
import { useUnreadCount } from './notice-queries';
import { badgeText } from './unread';

/**
 * /content is my own place (docs/community.md): the messages group (notifications and
 * interactive messages), then my works and my collections. Everyone's tabs of SPEC §2 (all,
 * works, dance, activities, my following) live in the community center.
 */
const MESSAGE_TABS = ['notifications', 'interactive'] as const;
const CONTENT_TABS = ['my-works', 'my-collections'] as const;
/** Tabs that moved to /community, so old addresses still lead somewhere. */
const COMMUNITY_TABS: Record<string, string> = { all: 'all', works: 'works', dance: 'dance', activities: 'activities', 'my-following': 'following' };
type MessageTab = (typeof MESSAGE_TABS)[number];
type ContentTab = (typeof CONTENT_TABS)[number];
type NoticesPageTab = MessageTab | ContentTab;

const tabKeys = {
  notifications: 'tabs.notifications',
  interactive: 'tabs.interactive',
  'my-works': 'tabs.myWorks',
  'my-collections': 'tabs.myCollections',
} as const satisfies Record<NoticesPageTab, string>;

function isTab(value: string | null): value is NoticesPageTab {
  return value !== null && Object.hasOwn(tabKeys, value);
}

function UnreadPill({ count }: { count: number }) {
  const { t } = useTranslation('notices');
  const text = badgeText(count);
  if (!text) return null;
  return (
    <>
      <span aria-hidden="true" className="ml-auto min-w-5 rounded-full bg-rose-500 px-1.5 text-center text-[11px] leading-5 font-bold text-white">
        {text}
      </span>
      <span className="sr-only"> {t('unreadInTab', { count })}</span>
    </>
  );
}

/** /content: messages (notifications, interactive messages) and the content tabs. */
export function NoticesPage() {
  const { t } = useTranslation('notices');
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: NoticesPageTab = isTab(requested) ? requested : 'notifications';
  const unread = useUnreadCount();
  useDocumentTitle(t(tabKeys[tab]));
  const moved = requested ? COMMUNITY_TABS[requested] : undefined;
  if (moved) return <Navigate to={moved === 'all' ? '/community' : `/community?tab=${moved}`} replace />;

  return (
    <TabsRoot
      value={tab}
      onValueChange={(value) => setParams({ tab: value }, { replace: true })}
      orientation="vertical"
      className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8 sm:px-6 lg:flex-row lg:gap-10 lg:px-8 lg:py-10"
    >
      <aside className="flex shrink-0 flex-col gap-4 lg:w-60 lg:gap-6">
        <div>
          <p aria-hidden="true" className="mb-1.5 px-1 text-xs font-semibold tracking-wide text-muted uppercase">
            {t('groups.messages')}
          </p>
          <TabList label={t('groups.messages')} className="lg:flex-col">
            <Tab value="notifications" variant="pill">
              {t('tabs.notifications')}
              <UnreadPill count={unread.system} />
            </Tab>
            <Tab value="interactive" variant="pill">
              {t('tabs.interactive')}
              <UnreadPill count={unread.interact} />
            </Tab>
          </TabList>
        </div>
        <div>
          <p aria-hidden="true" className="mb-1.5 px-1 text-xs font-semibold tracking-wide text-muted uppercase">
            {t('groups.content')}
          </p>
          <TabList label={t('groups.content')} className="lg:flex-col">
            {CONTENT_TABS.map((id) => (
              <Tab key={id} value={id} variant="pill">
                {t(tabKeys[id])}
              </Tab>
            ))}
          </TabList>
        </div>
      </aside>
      <div className="min-w-0 flex-1">
        <TabPanel value="notifications" className="focus-visible:outline-none">
          <NoticePanel kind="system" />
        </TabPanel>
        <TabPanel value="interactive" className="focus-visible:outline-none">
          <NoticePanel kind="interact" />
        </TabPanel>
        <TabPanel value="my-works" className="focus-visible:outline-none">
          <MyWorks />
        </TabPanel>
        <TabPanel value="my-collections" className="focus-visible:outline-none">
          <MyCollections />
        </TabPanel>
      </div>
    </TabsRoot>
  );
}
