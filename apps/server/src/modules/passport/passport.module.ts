import { memoryBackoff, redisBackoff } from '../../platform/backoff.ts';
import { defineModule } from '../../platform/module.ts';
import { serverSecret } from '../../platform/secret.ts';
import { authModule } from '../auth/auth.module.ts';
import { passportRoutes } from './passport.routes.ts';

/** Passport: the built-in sign-in provider's own pages. */
export const passportModule = defineModule({
  name: 'passport',
  async setup(ctx) {
    const { config, redis } = ctx;
    const secret = await serverSecret(config);
    return {
      routes: (app) =>
        passportRoutes(app, {
          auth: ctx.use(authModule),
          limiter: ctx.limiter,
          backoff: redis ? redisBackoff(redis, `${ctx.redisPrefix}:bo:`) : memoryBackoff(),
          secret,
          publicUrl: config.publicUrl,
          attemptsPer15Min: config.signinAttemptsPer15Min,
        }),
    };
  },
});
