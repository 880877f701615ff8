import { defineModule } from '../../platform/module.ts';
import { ledgerModule } from '../ledger/ledger.module.ts';
import { storeRoutes } from './store.routes.ts';
import { storeService } from './store.service.ts';

/** The store and cart: items for diamonds or points, a cart per person, purchases and the inventory. */
export const storeModule = defineModule({
  name: 'store',
  setup(ctx) {
    const store = storeService({ db: ctx.database.db, ledger: ctx.use(ledgerModule) });
    return { service: store, routes: (app) => storeRoutes(app, { store, authenticate: ctx.authenticate }) };
  },
});
