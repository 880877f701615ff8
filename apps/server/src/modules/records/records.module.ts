import { defineModule } from '../../platform/module.ts';
import { recordsRoutes } from './records.routes.ts';
import { recordsService } from './records.service.ts';

/** Order records: every movement of a person's balances, as pages and as a CSV file. */
export const recordsModule = defineModule({
  name: 'records',
  setup(ctx) {
    const records = recordsService({ db: ctx.database.db });
    return { service: records, routes: (app) => recordsRoutes(app, { records, authenticate: ctx.authenticate }) };
  },
});
