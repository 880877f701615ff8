import { defineModule } from '../../platform/module.ts';
import { agentsModule } from '../agents/agents.module.ts';
import { ledgerModule } from '../ledger/ledger.module.ts';
import { recordsRoutes } from './records.routes.ts';
import { recordsService } from './records.service.ts';

/** Order records: every movement of a person's balances, as pages and as a CSV file. */
export const recordsModule = defineModule({
  name: 'records',
  setup(ctx) {
    const agents = ctx.use(agentsModule);
    const records = recordsService({
      ledger: ctx.use(ledgerModule),
      // gifts and skills name their agent; a deleted one keeps its name in the records
      agentNames: async (ids) => new Map((await agents.withDeleted(ids)).map((a) => [a.id, a.nickname])),
    });
    return { service: records, routes: (app) => recordsRoutes(app, { records, authenticate: ctx.authenticate }) };
  },
});
