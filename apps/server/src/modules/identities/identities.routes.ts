import { calls, type ChatIdentity } from '@starlit/contract';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { registerCall, type Authenticate } from '../../platform/http.ts';
import type { IdentityRow } from './identities.repository.ts';
import type { IdentitiesService } from './identities.service.ts';

function present(row: IdentityRow): z.input<typeof ChatIdentity> {
  return {
    id: row.id,
    name: row.name,
    gender: row.gender,
    background: row.background,
    isGlobal: row.isGlobal,
    agentId: row.agentId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function identitiesRoutes(app: FastifyInstance, deps: { identities: IdentitiesService; authenticate: Authenticate }) {
  const { identities, authenticate } = deps;
  const c = calls.identities;

  registerCall(app, c.list, authenticate, async ({ user }) => ({ items: (await identities.list(user.id)).map(present) }));

  registerCall(app, c.create, authenticate, async ({ user, input, lang }) => present(await identities.create(user.id, input, lang)));

  registerCall(app, c.update, authenticate, async ({ user, input: { id, ...fields }, lang }) => present(await identities.update(user.id, id, fields, lang)));

  registerCall(app, c.delete, authenticate, async ({ user, input }) => ({ deleted: await identities.remove(user.id, input.id) }));
}
