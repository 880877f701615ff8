import { z } from 'zod';
import { defineCall, EmptyInput } from '../call.ts';
import { IdentityBackground, IdentityGender, IdentityName } from '../rules/identity.ts';

/** A chat identity ("my identity", SPEC §3): for every agent (global) or one agent only. */
export const ChatIdentity = z.object({
  id: z.string(),
  name: z.string(),
  gender: IdentityGender,
  background: z.string(),
  isGlobal: z.boolean(),
  agentId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** What a person fills in; an identity that is not global names its agent. */
const IdentityFields = z.object({
  name: IdentityName,
  gender: IdentityGender,
  background: IdentityBackground.default(''),
  isGlobal: z.boolean(),
  agentId: z.string().uuid().nullable().default(null),
});

export const identityCalls = {
  list: defineCall({
    path: '/ai/api/v1/agent/identity/list',
    summary: 'Your chat identities, newest first',
    tag: 'identities',
    access: 'user',
    input: EmptyInput,
    output: z.object({ items: z.array(ChatIdentity) }),
  }),
  create: defineCall({
    path: '/ai/api/v1/agent/identity/create',
    summary: 'Add a chat identity (name and gender required)',
    tag: 'identities',
    access: 'user',
    input: IdentityFields,
    output: ChatIdentity,
  }),
  update: defineCall({
    path: '/ai/api/v1/agent/identity/update',
    summary: 'Change one of your chat identities',
    tag: 'identities',
    access: 'user',
    input: IdentityFields.extend({ id: z.string().uuid() }),
    output: ChatIdentity,
  }),
  delete: defineCall({
    path: '/ai/api/v1/agent/identity/delete',
    summary: 'Delete one of your chat identities',
    tag: 'identities',
    access: 'user',
    input: z.object({ id: z.string().uuid() }),
    output: z.object({ deleted: z.number().int() }),
  }),
};
