/** The header's navigation (SPEC §2 routes; the agent center is "AI home"); "Create" leads to the page of what can be created. */
export const NAV_ITEMS = [
  { to: '/', key: 'nav.home', end: true },
  { to: '/agentcenter', key: 'nav.agentcenter', end: false },
  { to: '/community', key: 'nav.community', end: false },
  { to: '/hotlist', key: 'nav.hotlist', end: false },
  { to: '/chatroom', key: 'nav.chatroom', end: false },
  // the spec names the store screen but not its route (docs/economy.md)
  { to: '/store', key: 'nav.store', end: false },
  // SPEC §2's "AI daily task" screen; the header's row has room for it from 1280 px (below, the menu and the Create page lead there)
  { to: '/daily-task', key: 'nav.dailyTask', end: false, wide: true },
] as const;

export const CREATE_PATH = '/aigc-publish';
