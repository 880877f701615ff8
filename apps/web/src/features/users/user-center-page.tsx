import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { buttonClass } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { Grid } from '../../ui/grid';
import { AlertIcon, UserIcon } from '../../ui/icons';
import { LoadFailed } from '../../ui/load-failed';
import { Loading } from '../../ui/loading';
import { PagedList } from '../../ui/paged-list';
import { Skeleton } from '../../ui/skeleton';
import { Tab, TabList, TabPanel, TabsRoot } from '../../ui/tabs';
import { AgentTile } from '../agents/center/agent-tile';
import { useCurrentUser } from '../auth/auth-store';
import { MyCreations } from '../creation/my-creations';
import { redirectToSignIn } from '../auth/sign-in';
import { FeedCard, FeedCardSkeleton } from '../home/feed-card';
import { Blacklist } from '../social/blacklist';
import { FollowList } from '../social/follow-list';
import { RecordsTab } from '../records/records-list';
import { MyWorks } from '../works/my-works';
import { TaskProgress } from '../task-progress/task-progress';
import { AssetsTab } from '../ledger/assets-tab';
import { PersonalInfo } from './personal-info';
import { ProfileHeader, type ProfileData } from './profile-header';
import { asFeedWork, useProfile, useProfileAgents, useProfileWorks } from './user-queries';

const page = 'mx-auto flex w-full max-w-7xl flex-col gap-6 px-4 py-6 sm:px-6 sm:py-8';

/** Loads a profile for a page; one that cannot be seen (unknown, or a block either way) says so without saying why. */
function WithProfile({ userId, children }: { userId: string; children: (profile: ProfileData) => ReactNode }) {
  const { t } = useTranslation('users');
  const profile = useProfile(userId);
  if (profile.isPending) {
    return (
      <Loading className={page}>
        <Skeleton className="h-36 w-full rounded-3xl" />
        <Skeleton className="h-64 w-full" />
      </Loading>
    );
  }
  if (profile.isError) return <LoadFailed onRetry={() => void profile.refetch()} />;
  if (!profile.data) {
    return (
      <EmptyState
        icon={<AlertIcon size={28} />}
        title={t('profile.unavailable.title')}
        body={t('profile.unavailable.body')}
        action={
          <Link to="/" className={buttonClass()}>
            {t('profile.unavailable.back')}
          </Link>
        }
      />
    );
  }
  return <div className={page}>{children(profile.data)}</div>;
}

function CardsSkeleton({ label }: { label: string }) {
  return (
    <Loading>
      <Grid label={label} busy>
        {Array.from({ length: 5 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders of a fixed count; the index is their identity
          <FeedCardSkeleton key={i} />
        ))}
      </Grid>
    </Loading>
  );
}

function WorksTab({ profile, section }: { profile: ProfileData; section: 'works' | 'posts' }) {
  const { t } = useTranslation('users');
  const query = useProfileWorks(profile.userId, section, !profile.worksHidden);
  if (profile.worksHidden) return <EmptyState icon={<UserIcon size={28} />} title={t('profile.private.title')} body={t('profile.private.body')} />;
  const label = t(section === 'posts' ? 'tabs.activities' : 'tabs.works');
  return (
    <PagedList
      query={query}
      select={(page) => page.items}
      loading={<CardsSkeleton label={label} />}
      empty={<EmptyState live title={t(section === 'posts' ? 'profile.emptyPosts' : 'profile.emptyWorks')} />}
    >
      {(works) => (
        <Grid label={label}>
          {works.map((work) => (
            <FeedCard key={work.id} item={asFeedWork(work)} />
          ))}
        </Grid>
      )}
    </PagedList>
  );
}

function AgentsTab({ profile }: { profile: ProfileData }) {
  const { t } = useTranslation('users');
  const query = useProfileAgents(profile.userId);
  return (
    <PagedList query={query} select={(page) => page.items} loading={<CardsSkeleton label={t('tabs.chat')} />} empty={<EmptyState live title={t('profile.emptyAgents')} />}>
      {(agents) => (
        <Grid label={t('tabs.chat')}>
          {agents.map((agent) => (
            <li key={agent.id} className="min-w-0">
              <AgentTile agent={agent} />
            </li>
          ))}
        </Grid>
      )}
    </PagedList>
  );
}

/** Someone's profile: who they are, their activities (posts), works and public agents. */
function ProfileView({ profile }: { profile: ProfileData }) {
  const { t } = useTranslation('users');
  return (
    <>
      <ProfileHeader profile={profile} />
      <TabsRoot defaultValue="activities" className="flex flex-col gap-5">
        <TabList label={t('center.tabsLabel')} className="border-b border-line">
          <Tab value="activities">{t('tabs.activities')}</Tab>
          <Tab value="works">{t('tabs.works')}</Tab>
          <Tab value="chat">{t('tabs.chat')}</Tab>
          <Tab value="followers">{t('tabs.followers')}</Tab>
          <Tab value="followings">{t('tabs.followings')}</Tab>
        </TabList>
        <TabPanel value="activities">
          <WorksTab profile={profile} section="posts" />
        </TabPanel>
        <TabPanel value="works">
          <WorksTab profile={profile} section="works" />
        </TabPanel>
        <TabPanel value="chat">
          <AgentsTab profile={profile} />
        </TabPanel>
        <TabPanel value="followers">
          <FollowList userId={profile.userId} kind="followers" />
        </TabPanel>
        <TabPanel value="followings">
          <FollowList userId={profile.userId} kind="followings" />
        </TabPanel>
      </TabsRoot>
    </>
  );
}

const MY_TABS = ['info', 'portfolio', 'creations', 'tasks', 'assets', 'records', 'blacklist'] as const;

/** My user center: my account information, my portfolio, my creations, my daily tasks' progress, my assets and my order records. */
function MyCenter({ profile }: { profile: ProfileData }) {
  const { t } = useTranslation('users');
  // `?tab=` opens a section directly: the studio sends people to their creations
  const [params, setParams] = useSearchParams();
  const tab = MY_TABS.find((value) => value === params.get('tab')) ?? 'info';
  const choose = (value: string) =>
    setParams(
      (p) => {
        p.set('tab', value);
        return p;
      },
      { replace: true },
    );
  return (
    <>
      <ProfileHeader profile={profile} />
      <TabsRoot value={tab} onValueChange={choose} orientation="vertical" className="flex flex-col gap-5 lg:flex-row lg:items-start">
        <TabList label={t('center.tabsLabel')} className="lg:w-52 lg:shrink-0 lg:flex-col lg:rounded-2xl lg:border lg:border-line lg:bg-surface lg:p-2">
          <Tab value="info" variant="pill">
            {t('tabs.info')}
          </Tab>
          <Tab value="portfolio" variant="pill">
            {t('tabs.portfolio')}
          </Tab>
          <Tab value="creations" variant="pill">
            {t('tabs.creations')}
          </Tab>
          <Tab value="tasks" variant="pill">
            {t('tabs.tasks')}
          </Tab>
          <Tab value="assets" variant="pill">
            {t('tabs.assets')}
          </Tab>
          <Tab value="records" variant="pill">
            {t('tabs.records')}
          </Tab>
          <Tab value="blacklist" variant="pill">
            {t('tabs.blacklist')}
          </Tab>
        </TabList>
        <div className="min-w-0 flex-1">
          <TabPanel value="info">
            <PersonalInfo key={profile.userId} profile={profile} />
          </TabPanel>
          <TabPanel value="portfolio">
            <MyWorks />
          </TabPanel>
          <TabPanel value="creations">
            <MyCreations />
          </TabPanel>
          <TabPanel value="tasks">
            <TaskProgress />
          </TabPanel>
          <TabPanel value="assets">
            <AssetsTab />
          </TabPanel>
          <TabPanel value="records">
            <RecordsTab />
          </TabPanel>
          <TabPanel value="blacklist">
            <Blacklist />
          </TabPanel>
        </div>
      </TabsRoot>
    </>
  );
}

/** `/usercenter/:userId?`: my user center without an id or with mine, anyone else's profile otherwise. */
export function UserCenterPage() {
  const { t } = useTranslation('users');
  const { userId } = useParams();
  const me = useCurrentUser();
  if (userId && userId !== me?.userId) return <WithProfile userId={userId}>{(profile) => <ProfileView profile={profile} />}</WithProfile>;
  if (!me) {
    return (
      <EmptyState
        icon={<UserIcon size={28} />}
        title={t('center.signIn.title')}
        body={t('center.signIn.body')}
        action={
          <button type="button" className={buttonClass()} onClick={redirectToSignIn}>
            {t('center.signIn.action')}
          </button>
        }
      />
    );
  }
  return <WithProfile userId={me.userId}>{(profile) => <MyCenter profile={profile} />}</WithProfile>;
}
