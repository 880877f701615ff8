import type { Agent, MessageKey } from '@starlit/contract';
import { Opening, RoleIntro, RoleSetting } from '@starlit/contract/rules';
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
