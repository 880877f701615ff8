import type { Language } from '../i18n/languages.ts';
import { agentsErrors } from './agents.ts';
import { authErrors } from './auth.ts';
import { avatarsErrors } from './avatars.ts';
import { cardsErrors } from './cards.ts';
import { chatErrors } from './chat.ts';
import { commentsErrors } from './comments.ts';
import { creationErrors } from './creation.ts';
import { dailyTasksErrors } from './daily-tasks.ts';
import { liveErrors } from './live.ts';
import { identitiesErrors } from './identities.ts';
import { economyAdminErrors } from './economy-admin.ts';
import { exchangeErrors } from './exchange.ts';
import { giftsErrors } from './gifts.ts';
import { ledgerErrors } from './ledger.ts';
import { mediaErrors } from './media.ts';
import { moderationErrors } from './moderation.ts';
import { noticesErrors } from './notices.ts';
import { platformErrors } from './platform.ts';
import { rechargeErrors } from './recharge.ts';
import { redeemErrors } from './redeem.ts';
import { reportsErrors } from './reports.ts';
import { skillsErrors } from './skills.ts';
import { socialErrors } from './social.ts';
import { storeErrors } from './store.ts';
import { voicesErrors } from './voices.ts';
import { worksErrors } from './works.ts';

/**
 * Business error codes (SPEC §8), one file per feature. A business failure answers HTTP 200
 * with one of these codes; transport failures (401, 403, 404, 413, 429) also carry one so
 * every answer has a localized message.
 *
 * Each feature owns one range of codes (bounds included). A new feature takes its reserved
 * range (or the next free one), adds `errors/<feature>.ts` and lists it here and in `ERROR_FEATURES`.
 *
 * | Range        | Feature                                                   |
 * |--------------|-----------------------------------------------------------|
 * | 0–1999       | platform: success, HTTP-like transport codes, validation  |
 * | 2000–2999    | auth: sign-in, sessions, users                            |
 * | 3000–3999    | notices                                                   |
 * | 4000–4099    | works                                                     |
 * | 4100–4299    | comments                                                  |
 * | 4300–4499    | social: follows and blocks                                |
 * | 4500–4699    | reports                                                   |
 * | 4700–4799    | moderation: console, strikes, mutes                       |
 * | 4800–4999    | reserved: community                                       |
 * | 5000–5099    | media                                                     |
 * | 5100–5999    | studio and generation: creation jobs (5100–5199)          |
 * | 6000–6019    | agents                                                    |
 * | 6020–6099    | identities                                                |
 * | 6100–6199    | voices                                                    |
 * | 6200–6299    | avatars                                                   |
 * | 6300–6399    | cards                                                     |
 * | 6400–6999    | reserved: further agent parts                             |
 * | 7000–7999    | chat                                                      |
 * | 8000–8049    | ledger: balances, idempotent spending, holds               |
 * | 8050–8099    | recharge: agreement, adults only, orders                  |
 * | 8100–8149    | redeem codes                                              |
 * | 8150–8199    | exchange                                                  |
 * | 8200–8299    | economy parts: order records, admin economy console       |
 * | 8300–8449    | store, cart and inventory                                 |
 * | 8450–8599    | skills and premium voices bought with diamonds            |
 * | 8600–8999    | gifts (8600–8799), points and the daily check-in (8800–8899) |
 * | 9000–9499    | tasks: daily AI tasks (9000–9099)                         |
 * | 9500–9999    | live shows                                                |
 * | 10000–10999  | reserved: wallet and platform payments                    |
 */
export const ERROR_RANGES = {
  platform: [0, 1999],
  auth: [2000, 2999],
  notices: [3000, 3999],
  works: [4000, 4099],
  comments: [4100, 4299],
  social: [4300, 4499],
  reports: [4500, 4699],
  moderation: [4700, 4799],
  community: [4800, 4999],
  media: [5000, 5099],
  studio: [5100, 5999],
  agents: [6000, 6019],
  identities: [6020, 6099],
  voices: [6100, 6199],
  avatars: [6200, 6299],
  cards: [6300, 6399],
  agentParts: [6400, 6999],
  chat: [7000, 7999],
  ledger: [8000, 8049],
  recharge: [8050, 8099],
  redeem: [8100, 8149],
  exchange: [8150, 8199],
  economyParts: [8200, 8299],
  store: [8300, 8449],
  skills: [8450, 8599],
  gifts: [8600, 8999],
  tasks: [9000, 9499],
  live: [9500, 9999],
  wallet: [10000, 10999],
} as const satisfies Record<string, readonly [number, number]>;

/** The features that declare codes today, by the name of their range. */
export const ERROR_FEATURES = {
  platform: platformErrors,
  auth: authErrors,
  notices: noticesErrors,
  works: worksErrors,
  comments: commentsErrors,
  social: socialErrors,
  reports: reportsErrors,
  moderation: moderationErrors,
  media: mediaErrors,
  studio: creationErrors,
  agents: agentsErrors,
  identities: identitiesErrors,
  ledger: ledgerErrors,
  recharge: rechargeErrors,
  redeem: redeemErrors,
  exchange: exchangeErrors,
  gifts: giftsErrors,
  store: storeErrors,
  skills: skillsErrors,
  economyParts: economyAdminErrors,
  voices: voicesErrors,
  avatars: avatarsErrors,
  cards: cardsErrors,
  chat: chatErrors,
  tasks: dailyTasksErrors,
  live: liveErrors,
} satisfies Partial<Record<keyof typeof ERROR_RANGES, unknown>>;

/** Every error code by name. */
export const ErrorCode = {
  ...platformErrors.codes,
  ...authErrors.codes,
  ...noticesErrors.codes,
  ...worksErrors.codes,
  ...commentsErrors.codes,
  ...socialErrors.codes,
  ...reportsErrors.codes,
  ...moderationErrors.codes,
  ...mediaErrors.codes,
  ...creationErrors.codes,
  ...agentsErrors.codes,
  ...identitiesErrors.codes,
  ...ledgerErrors.codes,
  ...rechargeErrors.codes,
  ...redeemErrors.codes,
  ...exchangeErrors.codes,
  ...giftsErrors.codes,
  ...storeErrors.codes,
  ...skillsErrors.codes,
  ...economyAdminErrors.codes,
  ...voicesErrors.codes,
  ...avatarsErrors.codes,
  ...cardsErrors.codes,
  ...chatErrors.codes,
  ...dailyTasksErrors.codes,
  ...liveErrors.codes,
};

/** A value of {@link ErrorCode}. */
export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode];

type Messages = Record<ErrorCodeValue, string>;

function messagesIn(lang: Language): Messages {
  return {
    ...platformErrors.messages[lang],
    ...authErrors.messages[lang],
    ...noticesErrors.messages[lang],
    ...worksErrors.messages[lang],
    ...commentsErrors.messages[lang],
    ...socialErrors.messages[lang],
    ...reportsErrors.messages[lang],
    ...moderationErrors.messages[lang],
    ...mediaErrors.messages[lang],
    ...creationErrors.messages[lang],
    ...agentsErrors.messages[lang],
    ...identitiesErrors.messages[lang],
    ...ledgerErrors.messages[lang],
    ...rechargeErrors.messages[lang],
    ...redeemErrors.messages[lang],
    ...exchangeErrors.messages[lang],
    ...giftsErrors.messages[lang],
    ...storeErrors.messages[lang],
    ...skillsErrors.messages[lang],
    ...economyAdminErrors.messages[lang],
    ...voicesErrors.messages[lang],
    ...avatarsErrors.messages[lang],
    ...cardsErrors.messages[lang],
    ...chatErrors.messages[lang],
    ...dailyTasksErrors.messages[lang],
    ...liveErrors.messages[lang],
  };
}

/** Localized messages for every error code, in every language. */
export const errorMessages: Record<Language, Messages> = { en_US: messagesIn('en_US'), zh_TW: messagesIn('zh_TW') };

/** The localized message of an error code. */
export function errorMessage(code: ErrorCodeValue, lang: Language): string {
  return errorMessages[lang][code] ?? errorMessages.en_US[code];
}

export { wordNotAllowed } from './creation.ts';

/** Localized "{field}: {problem}" framing for validation failures. */
export const validationFraming: Record<Language, { field: (field: string, problem: string) => string; body: string }> = {
  en_US: { field: (field, problem) => `Field "${field}": ${problem}`, body: 'request body' },
  zh_TW: { field: (field, problem) => `欄位「${field}」：${problem}`, body: '請求內容' },
};
