import { createApp } from './app.ts';
import { loadConfig } from './config.ts';
import { mountWeb } from './web.ts';
import { seedDemo } from './seed/seed.ts';

/** Spent sign-in codes and states, expired sessions and orphaned media are removed this often. */
const SWEEP_EVERY_MS = 60 * 60_000;

const config = loadConfig();
const starlit = await createApp(config);
if (config.seedDemo) await seedDemo(starlit, config);
await mountWeb(starlit.app, config);
await starlit.app.listen({ port: config.port, host: config.host });

const sweep = async () => {
  await starlit.services.auth.sweep().catch((err: unknown) => starlit.app.log.warn({ err }, 'auth sweep failed'));
  // stored files of deleted or replaced things that no row uses any more (platform/storage-sweep.ts)
  await starlit.services
    .sweepMedia()
    .then((deleted) => deleted > 0 && starlit.app.log.info({ deleted }, 'orphaned media deleted'))
    .catch((err: unknown) => starlit.app.log.warn({ err }, 'media sweep failed'));
};
setInterval(() => void sweep(), SWEEP_EVERY_MS).unref();
void sweep();

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    starlit.app.log.info(`${signal}: closing`);
    void starlit.close().then(() => process.exit(0));
  });
}
