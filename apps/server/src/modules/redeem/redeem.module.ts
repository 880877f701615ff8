import { defineModule } from '../../platform/module.ts';
import { ledgerModule } from '../ledger/ledger.module.ts';
import { redeemRoutes } from './redeem.routes.ts';
import { redeemService } from './redeem.service.ts';

/** Redeem codes: admins make batches of codes, people redeem them for diamonds, counts, power or points. */
export const redeemModule = defineModule({
  name: 'redeem',
  setup(ctx) {
    const redeem = redeemService({ db: ctx.database.db, limiter: ctx.limiter, ledger: ctx.use(ledgerModule) });
    return { service: redeem, routes: (app) => redeemRoutes(app, { redeem, authenticate: ctx.authenticate }) };
  },
});
