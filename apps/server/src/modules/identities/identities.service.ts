import { ErrorCode, message, type Language } from '@starlit/contract';
import { AppError } from '../../platform/errors.ts';
import type { AgentsService } from '../agents/agents.service.ts';
import { authorizeIdentity } from './identities.policy.ts';
import type { IdentitiesRepository, IdentityFields, IdentityRow } from './identities.repository.ts';

/**
 * "My identity" for chatting (SPEC §3, §5). Several per user; a global one is used with
 * every agent, another one only with the agent it names, which the user must be able to see.
 */
export function identitiesService(deps: { identities: IdentitiesRepository; agents: AgentsService }) {
  const { identities } = deps;

  async function checked(userId: string, fields: IdentityFields, lang: Language): Promise<IdentityFields> {
    if (fields.isGlobal) return { ...fields, agentId: null };
    if (!fields.agentId) throw new AppError(ErrorCode.VALIDATION, 200, message('identity.agentRequired', lang));
    await deps.agents.visible(userId, fields.agentId);
    return fields;
  }

  const owned = async (userId: string, id: string): Promise<IdentityRow> => authorizeIdentity(userId, await identities.byId(id));

  return {
    list: (userId: string) => identities.list(userId),

    /** The identity the user chats with this agent as: one made for the agent first, else the global one. */
    forChat: (userId: string, agentId: string) => identities.forChat(userId, agentId),

    async create(userId: string, fields: IdentityFields, lang: Language): Promise<IdentityRow> {
      return identities.insert(userId, await checked(userId, fields, lang));
    },

    async update(userId: string, id: string, fields: IdentityFields, lang: Language): Promise<IdentityRow> {
      await owned(userId, id);
      const row = await identities.update(userId, id, await checked(userId, fields, lang));
      if (!row) throw new AppError(ErrorCode.IDENTITY_NOT_FOUND);
      return row;
    },

    async remove(userId: string, id: string): Promise<number> {
      await owned(userId, id);
      return identities.delete(userId, id);
    },
  };
}

export type IdentitiesService = ReturnType<typeof identitiesService>;
