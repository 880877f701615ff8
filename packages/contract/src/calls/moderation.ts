import { z } from 'zod';
import { defineCall, EmptyInput, PageInput, pageOf } from '../call.ts';
import { dropControl, ReportType } from './reports.ts';

/** Limits and rules of moderation (docs/moderation.md says why these numbers). */
export const MODERATION_LIMITS = {
  reason: 500,
  /** A strike counts for this long. */
  strikeDays: 30,
  /** Active strikes that mute the author. */
  strikesToMute: 3,
  /** How long a mute lasts from the strike that caused it. */
  muteDays: 7,
  /** Characters of one prompt word, counted after normalising. */
  promptWordLength: 40,
  /** Words the prompt word list holds at most. */
  promptWords: 1000,
} as const;

/**
 * How prompt words and the texts checked against them are compared: NFKC first (full-width
 * letters, ligatures, circled and other compatibility forms become their plain letters), then
 * lower case (after NFKC, so a compatibility capital like ℌ is lowered too), invisible format
 * characters (zero-width spaces and joiners) dropped so they cannot split a word, runs of
 * white space as one space, trimmed.
 */
export function normalisePromptText(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/\p{Cf}/gu, '')
    .replace(/\s+/gu, ' ')
    .trim();
}

/** One word of the prompt word list, as an admin types it; it stands normalised. */
export const PromptWord = z
  .string({ message: 'moderation.wordLength' })
  .transform(normalisePromptText)
  .pipe(z.string().min(1, { message: 'moderation.wordLength' }).max(MODERATION_LIMITS.promptWordLength, { message: 'moderation.wordLength' }));

const Person = z.object({ userId: z.string(), userName: z.string(), avatar: z.string().nullable() });

/** Why a moderator acted: required to hide or strike, shown to the author. */
export const ModerationReason = z
  .string({ message: 'moderation.reasonRequired' })
  .max(MODERATION_LIMITS.reason, { message: 'moderation.reasonTooLong' })
  .transform(dropControl)
  .pipe(z.string().trim().min(1, { message: 'moderation.reasonRequired' }));
const OptionalReason = z
  .string()
  .max(MODERATION_LIMITS.reason, { message: 'moderation.reasonTooLong' })
  .transform((text) => dropControl(text).trim())
  .default('');

/** A reported work in the queue: its open reports counted, by type too. */
export const ModerationQueueItem = z.object({
  workId: z.string(),
  workName: z.string(),
  cover: z.string().nullable(),
  hidden: z.boolean(),
  author: Person,
  reportCount: z.number().int(),
  types: z.array(z.object({ type: ReportType, count: z.number().int() })),
  latestAt: z.string(),
});

/** One report as the moderator reads it, with its evidence. */
export const ModerationReport = z.object({
  id: z.string(),
  type: ReportType,
  description: z.string(),
  images: z.array(z.string()),
  status: z.enum(['open', 'dismissed', 'hidden', 'struck']),
  reporter: Person,
  createdAt: z.string(),
});

export const ModerationAction = z.enum(['dismiss', 'hide', 'unhide', 'strike', 'add_words', 'remove_word']);

/** One line of the audit log. */
export const ModerationLogEntry = z.object({
  id: z.string(),
  action: ModerationAction,
  actor: Person.nullable(),
  workId: z.string().nullable(),
  workName: z.string().nullable(),
  subject: Person.nullable(),
  reason: z.string(),
  /** The prompt words added or removed (add_words, remove_word); empty for actions on works. */
  words: z.array(z.string()),
  createdAt: z.string(),
});

/** A word of the prompt word list, who added it and when. */
export const PromptWordEntry = z.object({
  word: z.string(),
  addedBy: Person.nullable(),
  createdAt: z.string(),
});

/** What an action answers: the reports it closed and the author's state after it. */
export const ModerationOutcome = z.object({
  closedReports: z.number().int(),
  hidden: z.boolean(),
  activeStrikes: z.number().int(),
  mutedUntil: z.string().nullable(),
});

const WorkId = z.object({ workId: z.string().uuid() });

export const moderationCalls = {
  queue: defineCall({
    path: '/ai/api/v1/moderation/queue',
    summary: 'Admins: works with open reports, the most recently reported first',
    tag: 'moderation',
    access: 'admin',
    input: PageInput,
    output: pageOf(ModerationQueueItem),
  }),
  detail: defineCall({
    path: '/ai/api/v1/moderation/detail',
    summary: 'Admins: one reported work and all its reports (open first, then closed), with descriptions and pictures',
    tag: 'moderation',
    access: 'admin',
    input: WorkId,
    output: z.object({ work: ModerationQueueItem.omit({ reportCount: true, types: true, latestAt: true }).extend({ hiddenReason: z.string().nullable() }), reports: z.array(ModerationReport) }),
  }),
  dismiss: defineCall({
    path: '/ai/api/v1/moderation/dismiss',
    summary: 'Admins: close the open reports of a work with no action against it',
    tag: 'moderation',
    access: 'admin',
    input: WorkId.extend({ reason: OptionalReason }),
    output: ModerationOutcome,
  }),
  hide: defineCall({
    path: '/ai/api/v1/moderation/hide',
    summary: 'Admins: hide a work from everyone but its author, closing its open reports; the author is told the reason',
    tag: 'moderation',
    access: 'admin',
    input: WorkId.extend({ reason: ModerationReason }),
    output: ModerationOutcome,
  }),
  unhide: defineCall({
    path: '/ai/api/v1/moderation/unhide',
    summary: 'Admins: show a hidden work again',
    tag: 'moderation',
    access: 'admin',
    input: WorkId.extend({ reason: OptionalReason }),
    output: ModerationOutcome,
  }),
  strike: defineCall({
    path: '/ai/api/v1/moderation/strike',
    summary: 'Admins: strike the author of a work with a reason (30 days; 3 active strikes mute for 7 days), closing its open reports, and hide it if asked',
    tag: 'moderation',
    access: 'admin',
    input: WorkId.extend({ reason: ModerationReason, hide: z.boolean().default(false) }),
    output: ModerationOutcome,
  }),
  log: defineCall({
    path: '/ai/api/v1/moderation/log',
    summary: 'Admins: every moderation action, newest first',
    tag: 'moderation',
    access: 'admin',
    input: PageInput,
    output: pageOf(ModerationLogEntry),
  }),
  promptWords: defineCall({
    path: '/ai/api/v1/moderation/prompt_words',
    summary: 'Admins: the words creation descriptions may not contain, newest first, with who added each and when',
    tag: 'moderation',
    access: 'admin',
    input: EmptyInput,
    output: z.object({ items: z.array(PromptWordEntry), limit: z.number().int() }),
  }),
  addPromptWords: defineCall({
    path: '/ai/api/v1/moderation/prompt_words/add',
    summary: 'Admins: add words to the prompt word list (trimmed, NFKC, lower case, 1–40 characters each); words already listed are ignored; the list holds at most 1000',
    tag: 'moderation',
    access: 'admin',
    input: z.object({
      words: z.array(PromptWord, { message: 'moderation.wordsRequired' }).min(1, { message: 'moderation.wordsRequired' }).max(MODERATION_LIMITS.promptWords, { message: 'moderation.wordsTooMany' }),
    }),
    output: z.object({ added: z.array(z.string()), total: z.number().int() }),
  }),
  removePromptWord: defineCall({
    path: '/ai/api/v1/moderation/prompt_words/remove',
    summary: 'Admins: remove a word from the prompt word list; answers whether it was listed',
    tag: 'moderation',
    access: 'admin',
    input: z.object({ word: PromptWord }),
    output: z.object({ removed: z.boolean(), total: z.number().int() }),
  }),
};
