import { createApp } from './app.ts';
import { loadConfig } from './config.ts';
import { mountWeb } from './web.ts';
import { seedDemo } from './seed/seed.ts';

/** Spent sign-in codes and states, and expired sessions, are removed this often. */
const SWEEP_EVERY_MS = 60 * 60_000;

const config = loadConfig();
const starlit = await createApp(config);
if (config.seedDemo) await seedDemo(starlit, config);
await mountWeb(starlit.app, config);
await starlit.app.listen({ port: config.port, host: config.host });

const sweep = () => starlit.services.auth.sweep().catch((err: unknown) => starlit.app.log.warn({ err }, 'auth sweep failed'));
setInterval(sweep, SWEEP_EVERY_MS).unref();
void sweep();

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    starlit.app.log.info(`${signal}: closing`);
    void starlit.close().then(() => process.exit(0));
  });
}
