import { calls } from '@starlit/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall, type Authenticate } from '../../platform/http.ts';
import type { StoreService } from './store.service.ts';

export function storeRoutes(app: FastifyInstance, deps: { store: StoreService; authenticate: Authenticate }) {
  const { store } = deps;
  registerCall(app, calls.store.items, deps.authenticate, async ({ user }) => store.catalogue(user?.id ?? null));
  registerCall(app, calls.store.cart, deps.authenticate, async ({ user }) => store.cart(user.id));
  registerCall(app, calls.store.cartAdd, deps.authenticate, async ({ user, input }) => store.cartAdd(user.id, input.itemId));
  registerCall(app, calls.store.cartRemove, deps.authenticate, async ({ user, input }) => store.cartRemove(user.id, input.itemId));
  registerCall(app, calls.store.cartSelect, deps.authenticate, async ({ user, input }) => store.cartSelect(user.id, input.itemId, input.selected));
  registerCall(app, calls.store.cartClear, deps.authenticate, async ({ user }) => store.cartClear(user.id));
  registerCall(app, calls.store.buy, deps.authenticate, async ({ user, input }) => store.buy(user.id, input));
  registerCall(app, calls.store.inventory, deps.authenticate, async ({ user, input }) => store.inventory(user.id, input.category));
  registerCall(app, calls.store.setOpen, deps.authenticate, async ({ user, input }) => store.setOpen(user.id, input.open));
  registerCall(app, calls.store.setPrice, deps.authenticate, async ({ input }) => store.setPrice(input.itemId, input.price, input.currency));
}
