import { defineModule } from '../../platform/module.ts';
import { ledgerModule } from '../ledger/ledger.module.ts';
import { recordsRoutes } from './records.routes.ts';
import { recordsService } from './records.service.ts';

/** Order records: every movement of a person's balances, as pages and as a CSV file. */
export const recordsModule = defineModule({
  name: 'records',
  setup(ctx) {
    // gifts and skills carry their agent's name in the memo, as it was when they were made
    const records = recordsService({ ledger: ctx.use(ledgerModule) });
    return { service: records, routes: (app) => recordsRoutes(app, { records, authenticate: ctx.authenticate }) };
  },
});
