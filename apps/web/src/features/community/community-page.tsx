import { calls, type CallInput } from '@starlit/contract';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { usePagedCall } from '../../api/calls';
import { buttonClass } from '../../ui/button';
import { PlusIcon } from '../../ui/icons';
import { Tab, TabList, TabPanel, TabsRoot } from '../../ui/tabs';
import { useDocumentTitle } from '../../ui/use-document-title';
import { useAuthStore } from '../auth/auth-store';
import { FeedGrid, SignInToFollow } from '../home/feed-panel';
import { LiveNow } from '../live/live-now';

type CommunityTabId = CallInput<typeof calls.home.community>['tab'];

/** The community center's tabs (docs/community.md says which SPEC §2 tab lives where). */
const COMMUNITY_TABS: readonly CommunityTabId[] = ['all', 'works', 'dance', 'activities', 'following'];
const PAGE_SIZE = 20;

function isCommunityTab(value: string | null): value is CommunityTabId {
  return value !== null && (COMMUNITY_TABS as readonly string[]).includes(value);
}

function CommunityPanel({ tab, label }: { tab: CommunityTabId; label: string }) {
  const signedIn = useAuthStore((s) => s.session !== null);
  const needsViewer = tab === 'following' && !signedIn;
  const feed = usePagedCall(calls.home.community, { tab, limit: PAGE_SIZE }, { enabled: !needsViewer });
  if (needsViewer) return <SignInToFollow />;
  return <FeedGrid feed={feed} following={tab === 'following'} label={label} />;
}

/** /community: everyone's works and activities (posts), dance, and the works of those I follow. */
export function CommunityPage() {
  const { t } = useTranslation('community');
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: CommunityTabId = isCommunityTab(requested) ? requested : 'all';
  useDocumentTitle(t('title'));

  return (
    <TabsRoot value={tab} onValueChange={(value) => setParams(value === 'all' ? {} : { tab: value }, { replace: true })} className="mx-auto max-w-[1440px] px-4 sm:px-6 lg:px-8">
      <header className="flex flex-col gap-4 py-6 sm:flex-row sm:items-end sm:justify-between lg:py-8">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">{t('title')}</h1>
          <p className="mt-1 text-sm text-muted sm:text-base">{t('subtitle')}</p>
        </div>
        <Link to="/aigc-publish" className={buttonClass('primary', 'md', 'self-start sm:self-auto')}>
          <PlusIcon size={18} />
          {t('publish')}
        </Link>
      </header>
      <LiveNow className="mb-6" />
      <div className="sticky top-16 z-20 -mx-4 mb-6 border-b border-line bg-page/90 px-4 backdrop-blur-md sm:-mx-6 sm:px-6 lg:-mx-8 lg:px-8">
        <TabList label={t('tabsLabel')} className="py-1.5">
          {COMMUNITY_TABS.map((id) => (
            <Tab key={id} value={id}>
              {t(`tabs.${id}`)}
            </Tab>
          ))}
        </TabList>
      </div>
      {COMMUNITY_TABS.map((id) => (
        <TabPanel key={id} value={id} className="pb-16 focus-visible:outline-none">
          <CommunityPanel tab={id} label={t(`tabs.${id}`)} />
        </TabPanel>
      ))}
    </TabsRoot>
  );
}
