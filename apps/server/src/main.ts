import { createApp } from './app.ts';
import { loadConfig } from './config.ts';
import { mountWeb } from './web.ts';
import { seedDemo } from './seed/seed.ts';

const config = loadConfig();
const starlit = await createApp(config);
if (config.seedDemo) await seedDemo(starlit);
await mountWeb(starlit.app, config);
await starlit.app.listen({ port: config.port, host: config.host });

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    starlit.app.log.info(`${signal}: closing`);
    void starlit.close().then(() => process.exit(0));
  });
}
