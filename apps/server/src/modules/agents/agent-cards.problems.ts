import type { CardProblem } from '@starlit/contract';
import { AGENT_LIMITS, AgentTags, characterCount } from '@starlit/contract/rules';
import type { MessageKey } from '@starlit/contract';
import type { CardAgent } from './cards/index.ts';

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
  const tags = AgentTags.safeParse(agent.tags);
  if (!tags.success) {
    const keys = new Set(tags.error.issues.map((issue) => issue.message as MessageKey));
    for (const messageKey of keys) problems.push({ field: 'tags', messageKey });
  }
  return problems;
}
