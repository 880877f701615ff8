import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config.ts';

/**
 * Serves the built web app. Hashed assets are cached for a year; index.html and locale
 * files are revalidated so a new build is picked up at once.
 */
export async function mountWeb(app: FastifyInstance, config: Config) {
  const index = path.join(config.webDist, 'index.html');
  if (!fs.existsSync(index)) {
    app.log.warn(`no web build at ${config.webDist}: run "npm run build" to serve the app`);
    return;
  }
  await app.register(fastifyStatic, {
    root: config.webDist,
    prefix: '/',
    wildcard: true,
    setHeaders(res, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
}
