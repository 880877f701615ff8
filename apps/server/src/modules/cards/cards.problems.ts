import type { CardProblem } from '@starlit/contract';
import { AGENT_LIMITS, characterCount, Tag, tagKey } from '@starlit/contract/rules';
import type { MessageKey } from '@starlit/contract';
import type { CardAgent } from './format/index.ts';

/**
 * The SPEC §5 rules an imported card breaks. The draft keeps the card's values whole (an
 * import never cuts text); the editor shows these next to the fields to fix before saving.
 */
export function cardProblems(agent: Pick<CardAgent, 'nickname' | 'roleSetting' | 'opening' | 'roleIntro' | 'tags'>): CardProblem[] {
  const problems: CardProblem[] = [];
  const tooLong = (field: CardProblem['field'], text: string, max: number, messageKey: MessageKey) => {
    if (characterCount(text) > max) problems.push({ field, messageKey });
  };
  if (agent.nickname.trim() === '') problems.push({ field: 'nickname', messageKey: 'agent.nameRequired' });
  tooLong('nickname', agent.nickname.trim(), AGENT_LIMITS.nickname, 'agent.nameTooLong');
  tooLong('roleSetting', agent.roleSetting, AGENT_LIMITS.roleSetting, 'agent.roleSettingTooLong');
  tooLong('opening', agent.opening, AGENT_LIMITS.opening, 'agent.openingTooLong');
  tooLong('roleIntro', agent.roleIntro, AGENT_LIMITS.roleIntro, 'agent.roleIntroTooLong');
  // each tag rule is checked on its own so that every one broken is named, not just the first
  const tagKeys = new Set<MessageKey>();
  if (agent.tags.length > AGENT_LIMITS.tags) tagKeys.add('agent.tagsMax');
  if (new Set(agent.tags.map(tagKey)).size !== agent.tags.length) tagKeys.add('agent.tagExists');
  for (const tag of agent.tags) {
    const parsed = Tag.safeParse(tag);
    if (!parsed.success) tagKeys.add(parsed.error.issues[0].message as MessageKey);
  }
  for (const messageKey of tagKeys) problems.push({ field: 'tags', messageKey });
  return problems;
}
