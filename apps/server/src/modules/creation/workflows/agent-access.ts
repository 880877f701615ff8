import { ErrorCode, WORKFLOW_SKILLS, type CreationWorkflow } from '@starlit/contract';
import type { Tx } from '../../../db/client.ts';
import { AppError } from '../../../platform/errors.ts';

/** What the studio may ask the agents feature about a person's agent, inside its transaction. */
export interface AgentAccess {
  /** The caller's own agent, or the agents feature's refusal. */
  owned(tx: Tx, userId: string, agentId: string): Promise<unknown>;
  /** The skills the agent offers whose term has not ended. */
  workingSkills(tx: Tx, agentId: string): Promise<Set<string>>;
}

/**
 * Creating with an agent (SPEC §3 Skill, §5): it must be the person's own, have at least one
 * working ability (5120), and the one this workflow needs (5119).
 */
export async function checkAgentFor(access: AgentAccess, tx: Tx, userId: string, agentId: string, workflow: CreationWorkflow) {
  await access.owned(tx, userId, agentId);
  const working = await access.workingSkills(tx, agentId);
  if (working.size === 0) throw new AppError(ErrorCode.CREATION_NO_ABILITY);
  const needed = WORKFLOW_SKILLS[workflow];
  if (needed && !working.has(needed)) throw new AppError(ErrorCode.CREATION_SKILL_INACTIVE);
}
