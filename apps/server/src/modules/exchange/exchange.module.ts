import { defineModule } from '../../platform/module.ts';
import { ledgerModule } from '../ledger/ledger.module.ts';
import { exchangeRoutes } from './exchange.routes.ts';
import { exchangeService } from './exchange.service.ts';

/** The exchange: diamonds for creation counts or compute power at rates admins set. */
export const exchangeModule = defineModule({
  name: 'exchange',
  setup(ctx) {
    const exchange = exchangeService({ db: ctx.database.db, ledger: ctx.use(ledgerModule) });
    return { service: exchange, routes: (app) => exchangeRoutes(app, { exchange, authenticate: ctx.authenticate }) };
  },
});
