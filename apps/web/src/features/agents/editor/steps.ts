import type { Agent, MessageKey } from '@starlit/contract';
import { Opening, publishProblems, RoleIntro, RoleSetting } from '@starlit/contract/rules';
import type { z } from 'zod';
import type { DraftTexts } from './draft-store';

/** The steps of the create flow (SPEC §2), in order. */
export const STEPS = ['roleSetting', 'opening', 'roleIntro', 'skills', 'voice', 'tags', 'avatar', 'identity'] as const;
export type StepId = (typeof STEPS)[number];

export type StepStatus = 'done' | 'missing' | 'optional';

/** The DOM id of a step's section, for the step list and the publish checklist links. */
export const sectionId = (step: StepId | 'publish') => `agent-step-${step}`;

/** Which step fixes each publish requirement the contract reports. */
export const STEP_OF_PROBLEM: Partial<Record<MessageKey, StepId>> = {
  'agent.roleSettingRequired': 'roleSetting',
  'agent.openingRequired': 'opening',
  'agent.roleIntroRequired': 'roleIntro',
  'agent.skillRequired': 'skills',
  'agent.voiceRequired': 'voice',
  'agent.avatarRequired': 'avatar',
  'agent.auditionRequired': 'voice',
};

/** The publish checklist (SPEC §5), in the create flow's order. */
export const REQUIREMENTS: readonly MessageKey[] = [
  'agent.roleNameRequired',
  'agent.roleSettingRequired',
  'agent.openingRequired',
  'agent.roleIntroRequired',
  'agent.skillRequired',
  'agent.voiceRequired',
  'agent.avatarRequired',
  'agent.auditionRequired',
];

/** The requirements of the checklist not met yet; none when the agent can be published. */
export function missingRequirements(texts: DraftTexts, agent: z.infer<typeof Agent> | null): Set<MessageKey> {
  const problems = publishProblems({
    ...texts,
    tags: agent?.tags ?? [],
    hasAvatar: Boolean(agent?.avatar.image || agent?.avatar.vrm),
    voiceCount: agent?.voices.length ?? 0,
    skillCount: agent?.skills.length ?? 0,
    auditioned: Boolean(agent?.audition),
  });
  // the audition counts as missing until there is one, even before an opening and a voice exist
  return new Set<MessageKey>(agent?.audition ? problems : [...problems, 'agent.auditionRequired']);
}

/** Whether each step is complete; tags and identity are optional for publishing. */
export function stepStatuses(texts: DraftTexts, agent: z.infer<typeof Agent> | null): Record<StepId, StepStatus> {
  // a text counts once it is there and within its rule, i.e. what the server will keep
  const filled = (text: string, rule: typeof Opening) => text.trim() !== '' && rule.safeParse(text).success;
  const hasAvatar = Boolean(agent && (agent.avatar.image || agent.avatar.vrm));
  const flag = (ok: boolean): StepStatus => (ok ? 'done' : 'missing');
  return {
    roleSetting: flag(filled(texts.roleSetting, RoleSetting)),
    opening: flag(filled(texts.opening, Opening)),
    roleIntro: flag(filled(texts.roleIntro, RoleIntro)),
    skills: flag((agent?.skills.length ?? 0) > 0),
    voice: flag((agent?.voices.length ?? 0) > 0 && agent?.audition !== null),
    tags: agent && agent.tags.length > 0 ? 'done' : 'optional',
    avatar: flag(hasAvatar),
    identity: 'optional',
  };
}

/** Scrolls a step's section into view and moves focus to it. */
export function goToStep(step: StepId | 'publish'): void {
  const section = document.getElementById(sectionId(step));
  section?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  section?.focus({ preventScroll: true });
}
