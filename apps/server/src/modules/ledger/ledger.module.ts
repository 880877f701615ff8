import { defineModule } from '../../platform/module.ts';
import { ledgerRoutes } from './ledger.routes.ts';
import { ledgerService } from './ledger.service.ts';

/** The ledger: accounts, transfers, holds and idempotent spending; every feature that moves value goes through it. */
export const ledgerModule = defineModule({
  name: 'ledger',
  setup(ctx) {
    const ledger = ledgerService({ db: ctx.database.db });
    return { service: ledger, routes: (app) => ledgerRoutes(app, { ledger, authenticate: ctx.authenticate }) };
  },
});
