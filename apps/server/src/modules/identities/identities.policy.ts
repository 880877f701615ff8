import { ErrorCode } from '@starlit/contract';
import { authorizeOwner } from '../../platform/policy.ts';
import type { IdentityRow } from './identities.repository.ts';

/**
 * A chat identity is its user's alone: a missing one answers IDENTITY_NOT_FOUND, someone
 * else's 403. The agent an identity names must be one its user may see (agents policy).
 */
export const authorizeIdentity = (userId: string, identity: IdentityRow | null): IdentityRow => authorizeOwner(userId, identity, (i) => i.userId, ErrorCode.IDENTITY_NOT_FOUND);
