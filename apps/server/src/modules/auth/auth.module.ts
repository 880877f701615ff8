import { defineModule } from '../../platform/module.ts';
import { noticesModule } from '../notices/notices.module.ts';
import { welcomeNotice } from '../notices/welcome.ts';
import { usersModule } from '../users/users.module.ts';
import { authRepository } from './auth.repository.ts';
import { authRoutes } from './auth.routes.ts';
import { authService } from './auth.service.ts';
import { openIdProvider } from './oidc.ts';

/** Auth: sign-in through a provider, sessions, the signed-in user. */
export const authModule = defineModule({
  name: 'auth',
  setup(ctx) {
    const { config, database } = ctx;
    const users = ctx.use(usersModule);
    const notices = ctx.use(noticesModule);
    const auth = authService({
      auth: authRepository(database.db),
      users,
      sessionTtlMs: config.sessionTtlMs,
      adminUsers: config.adminUsers,
      sessions: ctx.sessions,
      external: config.oidc ? openIdProvider(config.oidc) : null,
      onUserCreated: (user) => welcomeNotice(notices, user),
    });
    return {
      service: auth,
      jobs: { 'auth.sweep': { sweep: () => auth.sweep() } },
      // starting a sign-in is cheap for a person and leaves a row behind, so a few per attempt
      routes: (app) => authRoutes(app, { auth, users, authenticate: ctx.authenticate, publicUrl: config.publicUrl, limiter: ctx.limiter, startsPer15Min: config.signinAttemptsPer15Min * 6 }),
    };
  },
});
