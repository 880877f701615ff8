import type { CallDef } from '../call.ts';
import { agentCalls } from './agents.ts';
import { authCalls } from './auth.ts';
import { avatarCalls } from './avatars.ts';
import { cardCalls } from './cards.ts';
import { chatCalls } from './chat.ts';
import { checkinCalls } from './checkin.ts';
import { commentCalls } from './comments.ts';
import { creationCalls } from './creation.ts';
import { dailyTasksCalls } from './daily-tasks.ts';
import { economyAdminCalls } from './economy-admin.ts';
import { exchangeCalls } from './exchange.ts';
import { giftCalls } from './gifts.ts';
import { homeCalls } from './home.ts';
import { identityCalls } from './identities.ts';
import { ledgerCalls } from './ledger.ts';
import { liveCalls } from './live.ts';
import { moderationCalls } from './moderation.ts';
import { noticeCalls } from './notices.ts';
import { redeemCalls } from './redeem.ts';
import { socialCalls } from './social.ts';
import { rechargeCalls } from './recharge.ts';
import { recordCalls } from './records.ts';
import { reportCalls } from './reports.ts';
import { searchCalls } from './search.ts';
import { storeCalls } from './store.ts';
import { userCalls } from './users.ts';
import { voiceCalls } from './voices.ts';
import { workCalls } from './works.ts';

export * from './agents.ts';
export * from './auth.ts';
export * from './avatars.ts';
export * from './cards.ts';
export * from './chat.ts';
export * from './checkin.ts';
export * from './comments.ts';
export * from './creation.ts';
export * from './daily-tasks.ts';
export * from './economy-admin.ts';
export * from './exchange.ts';
export * from './gifts.ts';
export * from './home.ts';
export * from './identities.ts';
export * from './ledger.ts';
export * from './live.ts';
export * from './moderation.ts';
export * from './notices.ts';
export * from './redeem.ts';
export * from './social.ts';
export * from './recharge.ts';
export * from './records.ts';
export * from './reports.ts';
export * from './search.ts';
export * from './store.ts';
export * from './users.ts';
export * from './voices.ts';
export * from './works.ts';

/** Every call, grouped by feature; the server registers these and OpenAPI is generated from them. */
export const calls = {
  agents: agentCalls,
  auth: authCalls,
  avatars: avatarCalls,
  cards: cardCalls,
  chat: chatCalls,
  creation: creationCalls,
  dailyTasks: dailyTasksCalls,
  checkin: checkinCalls,
  comments: commentCalls,
  economyAdmin: economyAdminCalls,
  exchange: exchangeCalls,
  gifts: giftCalls,
  home: homeCalls,
  identities: identityCalls,
  ledger: ledgerCalls,
  live: liveCalls,
  moderation: moderationCalls,
  notices: noticeCalls,
  redeem: redeemCalls,
  social: socialCalls,
  recharge: rechargeCalls,
  records: recordCalls,
  reports: reportCalls,
  search: searchCalls,
  store: storeCalls,
  users: userCalls,
  voices: voiceCalls,
  works: workCalls,
};

/** All calls as a flat list. */
export function allCalls(): CallDef[] {
  return Object.values(calls).flatMap((group) => Object.values(group) as CallDef[]);
}
