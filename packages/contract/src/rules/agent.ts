import { z } from 'zod';
import type { MessageKey } from '../i18n/messages.ts';
import { LIMITS } from './constants.ts';

/**
 * Lengths of agent texts in characters as people count them (Unicode code points, so an
 * emoji or a rare CJK character is one). Role intro has no number in the spec: 2000 leaves
 * room for a paragraph or two on the agent page while keeping cards small.
 */
export const AGENT_LIMITS = {
  nickname: LIMITS.workName,
  roleSetting: LIMITS.roleSetting,
  opening: LIMITS.openingLine,
  roleIntro: 2000,
  tags: LIMITS.tagsPerAgent,
  tag: 20,
} as const;

/** Length of a text in Unicode code points. */
export function characterCount(text: string): number {
  return Array.from(text).length;
}

/** A string of at most `max` characters (code points); `key` is the message when longer. */
function textUpTo(max: number, key: MessageKey) {
  return z.string().refine((value) => characterCount(value) <= max, { message: key });
}

/** Agent gender (SPEC §3). */
export const AgentGender = z.enum(['Unknown', 'Male', 'Female'], { message: 'agent.genderInvalid' satisfies MessageKey });

/** Agent name: required, at most 20 characters (SPEC §5). */
export const AgentNickname = z
  .string({ message: 'agent.nameRequired' satisfies MessageKey })
  .trim()
  .min(1, { message: 'agent.nameRequired' satisfies MessageKey })
  .pipe(textUpTo(AGENT_LIMITS.nickname, 'agent.nameTooLong'));

/** Role setting: at most 1000 characters (SPEC §5). */
export const RoleSetting = textUpTo(AGENT_LIMITS.roleSetting, 'agent.roleSettingTooLong');
/** Opening line: at most 500 characters (SPEC §5). */
export const Opening = textUpTo(AGENT_LIMITS.opening, 'agent.openingTooLong');
/** Role intro: at most 2000 characters (see {@link AGENT_LIMITS}). */
export const RoleIntro = textUpTo(AGENT_LIMITS.roleIntro, 'agent.roleIntroTooLong');

/** Tags compare trimmed and regardless of case ("Cute" and " cute" are the same tag). */
export function tagKey(tag: string): string {
  return tag.trim().toLocaleLowerCase();
}

/** One tag: trimmed, not empty, at most 20 characters. */
export const Tag = z
  .string()
  .trim()
  .min(1, { message: 'agent.tagEmpty' satisfies MessageKey })
  .pipe(textUpTo(AGENT_LIMITS.tag, 'agent.tagTooLong'));

/** The tags of an agent: at most 5, no duplicates (SPEC §5). */
export const AgentTags = z
  .array(Tag)
  .max(AGENT_LIMITS.tags, { message: 'agent.tagsMax' satisfies MessageKey })
  .refine((tags) => new Set(tags.map(tagKey)).size === tags.length, { message: 'agent.tagExists' satisfies MessageKey });

/** The outcome of adding a tag: the new list, or the message key that refuses it. */
export type AddTagResult = { ok: true; tags: string[] } | { ok: false; error: MessageKey };

/**
 * Adds a tag the way the tag editor does: a typed duplicate "already exists", a duplicate
 * picked from suggestions is "already selected", a sixth tag is refused (SPEC §5).
 */
export function addTag(tags: readonly string[], tag: string, source: 'typed' | 'picked'): AddTagResult {
  const parsed = Tag.safeParse(tag);
  if (!parsed.success) return { ok: false, error: parsed.error.issues[0].message as MessageKey };
  if (tags.some((existing) => tagKey(existing) === tagKey(parsed.data))) {
    return { ok: false, error: source === 'typed' ? 'agent.tagExists' : 'agent.tagSelected' };
  }
  if (tags.length >= AGENT_LIMITS.tags) return { ok: false, error: 'agent.tagsMax' };
  return { ok: true, tags: [...tags, parsed.data] };
}

/** What the publish check looks at. */
export interface PublishFacts {
  nickname: string;
  tags: readonly string[];
  opening: string;
  roleIntro: string;
  roleSetting: string;
  hasAvatar: boolean;
  voiceCount: number;
  skillCount: number;
  /** Whether the current opening was auditioned with the current voices. */
  auditioned: boolean;
}

/**
 * What is missing before an agent can be published (SPEC §5), in the order of the create
 * flow; empty when it can be published. The audition is only asked for once there is an
 * opening and a voice to audition.
 */
export function publishProblems(facts: PublishFacts): MessageKey[] {
  const blank = (text: string) => text.trim() === '';
  const problems: MessageKey[] = [];
  // a field that is there but breaks its rule (an imported card keeps over-long texts) blocks publishing too
  const check = (required: MessageKey, schema: z.ZodType, value: string) => {
    if (blank(value)) return problems.push(required);
    const parsed = schema.safeParse(value);
    if (!parsed.success) problems.push(parsed.error.issues[0].message as MessageKey);
  };
  check('agent.roleNameRequired', AgentNickname, facts.nickname);
  check('agent.roleSettingRequired', RoleSetting, facts.roleSetting);
  check('agent.openingRequired', Opening, facts.opening);
  check('agent.roleIntroRequired', RoleIntro, facts.roleIntro);
  const tags = AgentTags.safeParse(facts.tags);
  if (!tags.success) problems.push(tags.error.issues[0].message as MessageKey);
  if (facts.skillCount < 1) problems.push('agent.skillRequired');
  if (facts.voiceCount < 1) problems.push('agent.voiceRequired');
  if (!facts.hasAvatar) problems.push('agent.avatarRequired');
  if (!blank(facts.opening) && facts.voiceCount > 0 && !facts.auditioned) problems.push('agent.auditionRequired');
  return problems;
}

/** A voice as the voice rules see it. */
export interface VoicePick {
  voiceId: string;
  /** An own cloned voice (not an official one). */
  cloned: boolean;
}

/**
 * The first voice rule (SPEC §5) a selection breaks, or null: at most 4 voices, at most one
 * own cloned voice, a cloned voice not mixed with official ones, no voice twice.
 */
export function voiceSelectionProblem(picks: readonly VoicePick[]): MessageKey | null {
  if (new Set(picks.map((p) => p.voiceId)).size !== picks.length) return 'voice.duplicate';
  if (picks.length > LIMITS.voicesPerAgent) return 'voice.max';
  const cloned = picks.filter((p) => p.cloned).length;
  if (cloned > LIMITS.clonedVoicesPerAgent) return 'voice.clonedMax';
  if (cloned > 0 && cloned < picks.length) return 'voice.clonedMixed';
  return null;
}
