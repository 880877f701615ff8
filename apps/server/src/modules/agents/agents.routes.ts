import { calls } from '@starlit/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall, type Authenticate } from '../../platform/http.ts';
import { presentAgent, presentAgentCard, presentSkill } from './agents.presenter.ts';
import type { AgentsService } from './agents.service.ts';

export function agentsRoutes(app: FastifyInstance, deps: { agents: AgentsService; authenticate: Authenticate }) {
  const { agents, authenticate } = deps;
  const c = calls.agents;

  registerCall(app, c.create, authenticate, async ({ user, input }) => presentAgent(await agents.create(user.id, input), user.id));

  registerCall(app, c.update, authenticate, async ({ user, input: { id, ...patch } }) => presentAgent(await agents.update(user.id, id, patch), user.id));

  registerCall(app, c.get, authenticate, async ({ user, input }) => presentAgent(await agents.get(user?.id ?? null, input.id), user?.id ?? null));

  registerCall(app, c.mine, authenticate, async ({ user, input }) => {
    const page = await agents.mine(user.id, input.cursor, input.limit);
    return { items: page.items.map(presentAgentCard), nextCursor: page.nextCursor };
  });

  registerCall(app, c.publicList, authenticate, async ({ input }) => {
    const page = await agents.publicList(input.cursor, input.limit);
    return { items: page.items.map(presentAgentCard), nextCursor: page.nextCursor };
  });

  registerCall(app, c.setVoices, authenticate, async ({ user, input, lang }) => presentAgent(await agents.setVoices(user.id, input.id, input.voices, lang), user.id));

  registerCall(app, c.setSkills, authenticate, async ({ user, input }) => presentAgent(await agents.setSkills(user.id, input.id, input.skills), user.id));

  registerCall(app, c.setTags, authenticate, async ({ user, input }) => presentAgent(await agents.setTags(user.id, input.id, input.tags), user.id));

  registerCall(app, c.audition, authenticate, async ({ user, input }) => presentAgent(await agents.audition(user.id, input.id), user.id));

  registerCall(app, c.publish, authenticate, async ({ user, input, lang }) => presentAgent(await agents.publish(user.id, input.id, lang), user.id));

  registerCall(app, c.unpublish, authenticate, async ({ user, input }) => presentAgent(await agents.unpublish(user.id, input.id), user.id));

  registerCall(app, c.delete, authenticate, async ({ user, input }) => ({ deleted: await agents.remove(user.id, input.ids) }));

  registerCall(app, c.buySkill, authenticate, async ({ user, input }) => agents.buySkill(user.id, input.id, input.skill, input.key, input.shown));
  registerCall(app, c.skills, authenticate, async () => ({ items: (await agents.skills()).map(presentSkill) }));
}
