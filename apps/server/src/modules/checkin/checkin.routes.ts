import { calls } from '@starlit/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall, type Authenticate } from '../../platform/http.ts';
import type { CheckinService } from './checkin.service.ts';

export function checkinRoutes(app: FastifyInstance, deps: { checkin: CheckinService; authenticate: Authenticate }) {
  registerCall(app, calls.checkin.status, deps.authenticate, async ({ user }) => deps.checkin.status(user.id));
  registerCall(app, calls.checkin.checkin, deps.authenticate, async ({ user }) => deps.checkin.checkin(user.id));
}
