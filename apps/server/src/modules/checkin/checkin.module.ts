import { defineModule } from '../../platform/module.ts';
import { ledgerModule } from '../ledger/ledger.module.ts';
import { checkinRoutes } from './checkin.routes.ts';
import { checkinService } from './checkin.service.ts';

/** Points: the daily check-in. */
export const checkinModule = defineModule({
  name: 'checkin',
  setup(ctx) {
    const checkin = checkinService({ db: ctx.database.db, ledger: ctx.use(ledgerModule) });
    return { service: checkin, routes: (app) => checkinRoutes(app, { checkin, authenticate: ctx.authenticate }) };
  },
});
