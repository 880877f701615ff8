import { calls, ErrorCode, pickLanguage } from '@starlit/contract';
import type { FastifyInstance } from 'fastify';
import { AppError, rateLimited } from '../../platform/errors.ts';
import { registerCall, type Authenticate } from '../../platform/http.ts';
import { publicOrigin, safeReturnTo } from '../../platform/origin.ts';
import type { RateLimiter } from '../../platform/rate-limit.ts';
import type { UsersRepository } from '../users/users.repository.ts';
import { presentSession, presentUserInfo } from './auth.presenter.ts';
import type { AuthService } from './auth.service.ts';

/** Cookie that ties a sign-in's state to the browser that started it (login CSRF). */
export const STATE_COOKIE = 'starlit_auth_state';

/** Each start stores a sign-in state (swept once expired), so starts are budgeted per address. */
const STARTS_WINDOW_MS = 15 * 60_000;

export interface AuthRoutesDeps {
  auth: AuthService;
  users: UsersRepository;
  authenticate: Authenticate;
  publicUrl: string | null;
  limiter: RateLimiter;
  /** Sign-ins one client address may start in 15 minutes. */
  startsPer15Min: number;
}

export function authRoutes(app: FastifyInstance, deps: AuthRoutesDeps) {
  const { auth } = deps;

  // Browser navigation, not a JSON call: sends the browser to the sign-in provider.
  app.get<{ Querystring: { return_to?: string; lang?: string } }>('/ai/api/v1/auth/authorize', async (req, reply) => {
    const { allowed, retryAfterMs } = await deps.limiter.hit(`auth:authorize:ip:${req.ip}`, deps.startsPer15Min, STARTS_WINDOW_MS);
    if (!allowed) {
      reply.header('retry-after', String(Math.ceil(retryAfterMs / 1000)));
      throw rateLimited();
    }
    const origin = publicOrigin(req, deps.publicUrl);
    const { state, url } = await auth.begin({
      returnTo: safeReturnTo(req.query.return_to, origin),
      redirectUri: `${origin}/`,
      builtInAuthorizeUrl: `${origin}/passport/authorize`,
      // the provider's pages open in the language the person was using in the app
      lang: pickLanguage(req.query.lang, req.headers['accept-language']),
    });
    reply.setCookie(STATE_COOKIE, state, { path: '/', httpOnly: true, sameSite: 'lax', maxAge: 600 });
    return reply.redirect(url, 302);
  });

  registerCall(app, calls.auth.codeToToken, deps.authenticate, async ({ input, req, reply }) => {
    const cookieState = req.cookies[STATE_COOKIE];
    // Only a sign-in this browser started may finish here: someone else's link is refused
    // (login CSRF). The spec's payload is just {code}; the cookie then supplies the state.
    const state = input.state ?? cookieState;
    if (!state || state !== cookieState) throw new AppError(ErrorCode.AUTH_STATE_INVALID);
    const session = await auth.codeToToken(input.code, state);
    reply.clearCookie(STATE_COOKIE, { path: '/' });
    return presentSession(session);
  });

  registerCall(app, calls.auth.me, deps.authenticate, async ({ user }) => {
    const row = await deps.users.byId(user.id);
    if (!row) throw new AppError(ErrorCode.USER_NOT_FOUND);
    return presentUserInfo(row);
  });

  registerCall(app, calls.auth.logout, deps.authenticate, async ({ user }) => ({ revoked: await auth.revoke(user) }));

  registerCall(app, calls.auth.logoutAll, deps.authenticate, async ({ user }) => ({ revoked: await auth.revokeAll(user.id) }));
}
