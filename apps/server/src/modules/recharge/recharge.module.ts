import { defineModule } from '../../platform/module.ts';
import { ledgerModule } from '../ledger/ledger.module.ts';
import { usersModule } from '../users/users.module.ts';
import { demoProvider } from './payment-provider.ts';
import { rechargeRoutes } from './recharge.routes.ts';
import { rechargeService } from './recharge.service.ts';
import { stripeProvider } from './stripe-provider.ts';

/** Recharge: diamond packages paid through Stripe Checkout, or the offline demo provider. */
export const rechargeModule = defineModule({
  name: 'recharge',
  setup(ctx) {
    const provider = ctx.config.stripe ? stripeProvider(ctx.config.stripe) : demoProvider();
    const recharge = rechargeService({ db: ctx.database.db, provider, ledger: ctx.use(ledgerModule), users: ctx.use(usersModule), log: ctx.log });
    return { service: recharge, routes: (app) => rechargeRoutes(app, { recharge, authenticate: ctx.authenticate, publicUrl: ctx.config.publicUrl }) };
  },
});
