import { ErrorCode, message, type Language } from '@starlit/contract';
import { AppError, forbidden } from '../../platform/errors.ts';
import type { AgentsService } from './agents.service.ts';
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
    await deps.agents.get(userId, fields.agentId);
    return fields;
  }

  /** The caller's identity; someone else's answers 403, a missing one "not found". */
  async function owned(userId: string, id: string): Promise<IdentityRow> {
    const row = await identities.byId(id);
    if (!row) throw new AppError(ErrorCode.IDENTITY_NOT_FOUND);
    if (row.userId !== userId) throw forbidden();
    return row;
  }

  return {
    list: (userId: string) => identities.list(userId),

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
