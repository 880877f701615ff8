import type { ReactNode } from 'react';
import { AgentCenterPage } from '../features/agents/center/agent-center-page';
import { AgentPersonalityPage } from '../features/agents/center/agent-personality-page';
import { AgentEditorPage } from '../features/agents/editor/agent-editor-page';
import { ChatRoomPage } from '../features/chat/chat-room-page';
import { HotListPage } from '../features/chat/hot-list-page';
import { CommunityPage } from '../features/community/community-page';
import { DailyTaskPage } from '../features/daily-tasks/daily-task-page';
import { EconomyPage } from '../features/economy-admin/economy-page';
import { HomePage } from '../features/home/home-page';
import { LivePage } from '../features/live/live-page';
import { ModerationPage } from '../features/moderation/moderation-page';
import { NoticesPage } from '../features/notices/notices-page';
import { RechargeAgreementPage } from '../features/recharge/agreement-page';
import { RechargePage } from '../features/recharge/recharge-page';
import { SearchPage } from '../features/search/search-page';
import { StorePage } from '../features/store/store-page';
import { CreatePage } from '../features/shell/create-page';
import { NotFoundPage } from '../features/shell/not-found-page';
import { UserCenterPage } from '../features/users/user-center-page';

/** Route names of SPEC §2 (and the admins' `moderation` and `economy` consoles, the search results); each is also the page id used for page-load tracking. */
export type PageId =
  | 'home'
  | 'content'
  | 'aigc-publish'
  | 'community'
  | 'usercenter'
  | 'agentcenter'
  | 'agent'
  | 'agent-personality'
  | 'chatroom'
  | 'hotlist'
  | 'moderation'
  | 'economy'
  | 'search'
  | 'recharge'
  | 'recharge-agreement'
  | 'store'
  | 'daily-task'
  | 'live'
  | '404';

/** Pages whose loads are not tracked (SPEC §2). */
const UNTRACKED: readonly PageId[] = ['content', 'aigc-publish'];

export interface PageRoute {
  path: string;
  pageId: PageId;
  requiresAuth: boolean;
  trackPageLoad: boolean;
  element: ReactNode;
}

function page(path: string, pageId: PageId, element: ReactNode, requiresAuth = false): PageRoute {
  return { path, pageId, requiresAuth, trackPageLoad: !UNTRACKED.includes(pageId), element };
}

/** The route table of SPEC §2, all under the one layout; anything else redirects to /404. */
export const PAGE_ROUTES: readonly PageRoute[] = [
  page('/', 'home', <HomePage />),
  page('/content', 'content', <NoticesPage />),
  page('/aigc-publish', 'aigc-publish', <CreatePage />, true),
  page('/community', 'community', <CommunityPage />),
  page('/usercenter/:userId?', 'usercenter', <UserCenterPage />),
  page('/agentcenter/:agentId?', 'agentcenter', <AgentCenterPage />),
  page('/agent/:agentId?', 'agent', <AgentEditorPage />, true),
  page('/agent-personality/:agentId?', 'agent-personality', <AgentPersonalityPage />),
  page('/chatroom', 'chatroom', <ChatRoomPage />),
  page('/hotlist', 'hotlist', <HotListPage />),
  page('/moderation', 'moderation', <ModerationPage />, true),
  // beyond SPEC §2: the admins' economy console (docs/economy.md, Admin console)
  page('/economy', 'economy', <EconomyPage />, true),
  // beyond SPEC §2: the header search box's results (docs/search.md)
  page('/search', 'search', <SearchPage />),
  // the spec names the recharge and agreement screens but not their routes (docs/economy.md)
  page('/recharge', 'recharge', <RechargePage />, true),
  page('/recharge/agreement', 'recharge-agreement', <RechargeAgreementPage />),
  // the store's screen (SPEC §2 page title "store"); browsing needs no sign-in, the cart does
  page('/store', 'store', <StorePage />),
  // SPEC §2 page title "AI daily task"; the spec names the screen but not its route
  page('/daily-task', 'daily-task', <DailyTaskPage />, true),
  // SPEC §2 names /live among the native app's headerless pages; one show's room, open to everyone
  page('/live/:showId', 'live', <LivePage />),
  page('/404', '404', <NotFoundPage />),
];

/** What each route carries for the layout (react-router `handle`). */
export interface RouteHandle {
  pageId: PageId;
  trackPageLoad: boolean;
}

/** Narrows a route's `handle` (typed `unknown` by react-router). */
export function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && 'pageId' in handle && 'trackPageLoad' in handle;
}
