import { z } from 'zod';
import { GIFT_NAMES, GiftKey } from '../calls/gifts.ts';
import { MODERATION_LIMITS } from '../calls/moderation.ts';
import type { Language } from './languages.ts';

/**
 * The notices Starlit writes itself (a like, a comment, a follow, the welcome, a moderation
 * outcome) are stored as a kind and its params, and written in the language of whoever reads
 * them, when they read them: an account keeps no language, and the sender's is not the
 * reader's. Notices an admin writes are free text and stay as written. docs/notices.md.
 */

/** A notice's two texts. */
export interface NoticeText {
  title: string;
  content: string;
}

/** Params of the interact notices the product sends, by kind. `actorName` is the name when sent, for when the actor is gone. */
export const interactNoticeParams = {
  like: z.object({ actorName: z.string(), workName: z.string() }),
  comment: z.object({ actorName: z.string(), workName: z.string(), excerpt: z.string() }),
  reply: z.object({ actorName: z.string(), workName: z.string(), excerpt: z.string() }),
  follow: z.object({ actorName: z.string() }),
  gift: z.object({ actorName: z.string(), agentName: z.string(), giftKey: GiftKey, count: z.number().int() }),
};

/** Params of the system notices the product sends, by kind. */
export const systemNoticeParams = {
  welcome: z.object({ userName: z.string() }),
  /** What moderation did to the author's work (dismiss tells them nothing: nothing happened to them). */
  moderation_author: z.object({
    action: z.enum(['hide', 'unhide', 'strike']),
    workName: z.string(),
    reason: z.string(),
    hidden: z.boolean(),
    activeStrikes: z.number().int(),
    /** ISO time the account is muted until, for a strike that muted it. */
    mutedUntil: z.string().nullable(),
  }),
  /** How a report was closed, to its reporter. */
  moderation_reporter: z.object({ action: z.enum(['dismiss', 'hide', 'strike']), workName: z.string(), hidden: z.boolean() }),
  /** An admin added to or took from the person's balance (docs/economy.md, Admin console). */
  balance_adjusted: z.object({ currency: z.enum(['JE', 'CAC', 'CWA', 'MSS']), amount: z.number().int(), reason: z.string() }),
};

export type InteractTemplateKind = keyof typeof interactNoticeParams;
export type SystemNoticeKind = keyof typeof systemNoticeParams;
export const SYSTEM_NOTICE_KINDS = Object.keys(systemNoticeParams) as [SystemNoticeKind, ...SystemNoticeKind[]];

/** An interact notice the product sends: its kind and params. */
export type InteractTemplate = { [K in InteractTemplateKind]: { kind: K; params: z.infer<(typeof interactNoticeParams)[K]> } }[InteractTemplateKind];
/** A system notice the product sends: its kind and params. */
export type SystemTemplate = { [K in SystemNoticeKind]: { kind: K; params: z.infer<(typeof systemNoticeParams)[K]> } }[SystemNoticeKind];

const isKey = <T extends object>(map: T, key: string): key is Extract<keyof T, string> => Object.hasOwn(map, key);

/** The template of a stored interact notice, or null when it has none (free text, or params not of its kind). */
export function interactTemplate(kind: string, params: unknown): InteractTemplate | null {
  if (params === null || params === undefined || !isKey(interactNoticeParams, kind)) return null;
  const parsed = interactNoticeParams[kind].safeParse(params);
  return parsed.success ? ({ kind, params: parsed.data } as InteractTemplate) : null;
}

/** The template of a stored system notice, or null when it has none (an admin's free text). */
export function systemTemplate(kind: string | null, params: unknown): SystemTemplate | null {
  if (kind === null || params === null || params === undefined || !isKey(systemNoticeParams, kind)) return null;
  const parsed = systemNoticeParams[kind].safeParse(params);
  return parsed.success ? ({ kind, params: parsed.data } as SystemTemplate) : null;
}

interface Words {
  liked(name: string, others: number): string;
  commented(name: string): string;
  replied(name: string): string;
  followed(name: string): string;
  commentContent(name: string, work: string, text: string): string;
  replyContent(name: string, work: string, text: string): string;
  followContent(name: string): string;
  gave(name: string): string;
  giftContent(name: string, agent: string, gift: string, count: number): string;
  welcome(name: string): NoticeText;
  author(p: z.infer<(typeof systemNoticeParams)['moderation_author']>): NoticeText;
  reporter(p: z.infer<(typeof systemNoticeParams)['moderation_reporter']>): NoticeText;
  adjusted(p: z.infer<(typeof systemNoticeParams)['balance_adjusted']>): NoticeText;
}

/** An amount of a balance in words: English says one or many, Chinese counts with the balance's measure word. */
const BALANCE_AMOUNTS: Record<Language, Record<'JE' | 'CAC' | 'CWA' | 'MSS', (n: number) => string>> = {
  en_US: {
    JE: (n) => `${n} ${n === 1 ? 'diamond' : 'diamonds'}`,
    CAC: (n) => `${n} ${n === 1 ? 'creation count' : 'creation counts'}`,
    CWA: (n) => `${n} ${n === 1 ? 'unit' : 'units'} of compute power`,
    MSS: (n) => `${n} ${n === 1 ? 'point' : 'points'}`,
  },
  zh_TW: { JE: (n) => `${n} 顆鑽石`, CAC: (n) => `${n} 次創作`, CWA: (n) => `${n} 點算力`, MSS: (n) => `${n} 點積分` },
};

const when = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`;
const { strikesToMute, strikeDays, muteDays } = MODERATION_LIMITS;

const words: Record<Language, Words> = {
  en_US: {
    liked: (name, others) => (others === 0 ? `${name} liked your work` : `${name} and ${others} ${others === 1 ? 'other' : 'others'} liked your work`),
    commented: (name) => `${name} commented on your work`,
    replied: (name) => `${name} replied to your comment`,
    followed: (name) => `${name} followed you`,
    commentContent: (name, work, text) => `${name} commented on your work "${work}": ${text}`,
    replyContent: (name, work, text) => `${name} replied to your comment on "${work}": ${text}`,
    followContent: (name) => `${name} started following you`,
    gave: (name) => `${name} sent your agent a gift`,
    giftContent: (name, agent, gift, count) => `${name} sent ${agent} ${count} × ${gift}`,
    welcome: (name) => ({
      title: 'Welcome to Starlit',
      content: `Hi ${name}! Create an AI character, chat with it, and share what you make with the community.`,
    }),
    author(p) {
      const reason = p.reason ? ` Reason: ${p.reason}` : '';
      if (p.action === 'unhide') return { title: 'Your work is shown again', content: `Your work "${p.workName}" is shown to others again.${reason}` };
      if (p.action === 'hide') return { title: 'Your work was hidden', content: `Your work "${p.workName}" was hidden by moderation: only you can see it now.${reason}` };
      const hidden = p.hidden ? ' The work was hidden.' : '';
      const mute = p.mutedUntil ? ` Your account cannot publish or comment until ${when(p.mutedUntil)}.` : '';
      return {
        title: 'Your account received a strike',
        content: `Your work "${p.workName}" broke the community rules.${reason}${hidden} Active strikes: ${p.activeStrikes} (${strikesToMute} within ${strikeDays} days mute an account for ${muteDays} days).${mute}`,
      };
    },
    reporter(p) {
      const outcome = {
        dismiss: 'no rule was found broken, and the work stays',
        hide: 'the work was hidden',
        strike: p.hidden ? 'the author received a strike and the work was hidden' : 'the author received a strike',
      }[p.action];
      return { title: 'Your report was reviewed', content: `Your report on "${p.workName}" was reviewed: ${outcome}. Thank you for keeping Starlit safe.` };
    },
    adjusted(p) {
      const n = Math.abs(p.amount);
      const was = n === 1 ? 'was' : 'were';
      return {
        title: 'Your balance was adjusted',
        content: `${BALANCE_AMOUNTS.en_US[p.currency](n)} ${was} ${p.amount > 0 ? 'added to' : 'taken from'} your balance by an admin. Reason: ${p.reason}`,
      };
    },
  },
  zh_TW: {
    liked: (name, others) => (others === 0 ? `${name} 喜歡了你的作品` : `${name} 和其他 ${others} 人喜歡了你的作品`),
    commented: (name) => `${name} 在你的作品留言`,
    replied: (name) => `${name} 回覆了你的留言`,
    followed: (name) => `${name} 追蹤了你`,
    commentContent: (name, work, text) => `${name} 在你的作品「${work}」留言：${text}`,
    replyContent: (name, work, text) => `${name} 回覆了你在「${work}」的留言：${text}`,
    followContent: (name) => `${name} 開始追蹤你了`,
    gave: (name) => `${name} 送了禮物給你的智能體`,
    giftContent: (name, agent, gift, count) => `${name} 送給 ${agent} ${gift} × ${count}`,
    welcome: (name) => ({ title: '歡迎來到 Starlit', content: `嗨，${name}！建立你的 AI 智能體、與它聊天，並與社群分享你的創作。` }),
    author(p) {
      const reason = p.reason ? `原因：${p.reason}` : '';
      if (p.action === 'unhide') return { title: '你的作品已恢復顯示', content: `你的作品「${p.workName}」已重新對其他人顯示。${reason}` };
      if (p.action === 'hide') return { title: '你的作品已被隱藏', content: `你的作品「${p.workName}」已被管理員隱藏，現在只有你看得到。${reason}` };
      const hidden = p.hidden ? '該作品已被隱藏。' : '';
      const mute = p.mutedUntil ? `你的帳號在 ${when(p.mutedUntil)} 前無法發佈或留言。` : '';
      return {
        title: '你的帳號收到一次警告',
        content: `你的作品「${p.workName}」違反了社群規範。${reason}${hidden}目前有效警告：${p.activeStrikes} 次（${strikeDays} 天內累計 ${strikesToMute} 次將禁言 ${muteDays} 天）。${mute}`,
      };
    },
    reporter(p) {
      const outcome = { dismiss: '未發現違規，作品維持顯示', hide: '該作品已被隱藏', strike: p.hidden ? '作者已收到警告，作品已被隱藏' : '作者已收到警告' }[p.action];
      return { title: '你的檢舉已審核', content: `你對「${p.workName}」的檢舉已審核：${outcome}。感謝你協助維護 Starlit 的安全。` };
    },
    adjusted(p) {
      const what = BALANCE_AMOUNTS.zh_TW[p.currency](Math.abs(p.amount));
      return { title: '你的餘額已調整', content: `管理員已${p.amount > 0 ? '為你增加' : '從你的餘額扣除'} ${what}。原因：${p.reason}` };
    },
  },
};

/** Who did it as the reader sees it now: the actor's current name (the one sent when they are gone), and how many more did the same. */
export interface InteractActor {
  actorName: string | null;
  othersCount: number;
}

const titleOf = (kind: InteractTemplateKind, name: string, othersCount: number, w: Words) =>
  ({ like: () => w.liked(name, othersCount), comment: () => w.commented(name), reply: () => w.replied(name), follow: () => w.followed(name), gift: () => w.gave(name) })[kind]();

/**
 * The title of an interact notice of another person's doing, or null for kinds that keep
 * their stored title. Also serves notices stored before templates, whose texts are in the
 * sender's language: their title is written from the actor all the same.
 */
export function interactTitle(kind: string, name: string, othersCount: number, lang: Language): string | null {
  return isKey(interactNoticeParams, kind) ? titleOf(kind, name, othersCount, words[lang]) : null;
}

/** An interact notice the product sent, in `lang`. */
export function interactNoticeText(template: InteractTemplate, actor: InteractActor, lang: Language): NoticeText {
  const w = words[lang];
  const name = actor.actorName ?? template.params.actorName;
  const title = titleOf(template.kind, name, actor.othersCount, w);
  switch (template.kind) {
    case 'like':
      return { title, content: template.params.workName };
    case 'comment':
      return { title, content: w.commentContent(name, template.params.workName, template.params.excerpt) };
    case 'reply':
      return { title, content: w.replyContent(name, template.params.workName, template.params.excerpt) };
    case 'follow':
      return { title, content: w.followContent(name) };
    case 'gift': {
      const { agentName, giftKey, count } = template.params;
      return { title, content: w.giftContent(name, agentName, GIFT_NAMES[giftKey][lang], count) };
    }
  }
}

/** A system notice the product sent, in `lang`. */
export function systemNoticeText(template: SystemTemplate, lang: Language): NoticeText {
  const w = words[lang];
  switch (template.kind) {
    case 'welcome':
      return w.welcome(template.params.userName);
    case 'moderation_author':
      return w.author(template.params);
    case 'moderation_reporter':
      return w.reporter(template.params);
    case 'balance_adjusted':
      return w.adjusted(template.params);
  }
}
