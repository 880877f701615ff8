import { defineModule } from '../../platform/module.ts';
import { seedSkills } from '../../seed/skills.ts';
import { ledgerModule } from '../ledger/ledger.module.ts';
import { agentsRoutes } from './agents.routes.ts';
import { agentsService } from './agents.service.ts';

/** Agents: the editor's calls, publishing, the public detail. */
export const agentsModule = defineModule({
  name: 'agents',
  async setup(ctx) {
    const agents = agentsService({ db: ctx.database.db, storage: ctx.storage, speech: ctx.speech, ledger: ctx.use(ledgerModule) });
    await seedSkills(ctx.database.db);
    return { service: agents, routes: (app) => agentsRoutes(app, { agents, authenticate: ctx.authenticate }) };
  },
});
