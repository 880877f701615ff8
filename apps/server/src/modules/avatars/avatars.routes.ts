import { AVATAR_LIMITS, calls } from '@starlit/contract';
import type { FastifyInstance } from 'fastify';
import { createImageModel } from '../../ai/image/create-image-model.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { AppJobs } from '../../jobs/registry.ts';
import type { Bus } from '../../platform/bus.ts';
import { registerCall, type Authenticate } from '../../platform/http.ts';
import { localStorage } from '../../platform/storage.ts';
import { AVATAR_JOB } from './avatars.jobs.ts';
import { avatarsRepository } from './avatars.repository.ts';
import { avatarsService, publicStatus, type AvatarWriter } from './avatars.service.ts';
import { ensureDefaultModels } from './default-models.ts';

export interface AvatarsOptions {
  config: Config;
  database: Database;
  jobs: Pick<AppJobs, 'enqueue' | 'get' | 'retry' | 'provide'>;
  bus: Bus;
  authenticate: Authenticate;
  agents: AvatarWriter;
}

// base64 grows a file by 4/3; the rest of the JSON body is small
const uploadBodyLimit = (bytes: number) => Math.ceil((bytes * 4) / 3) + 64 * 1024;

/**
 * Avatars: 2D generation as a background job (avatars.jobs.ts), uploads, built-in 3D
 * models and the 2D/3D switch. A plugin, so its larger upload body limit stays its own.
 */
export async function avatarsModule(app: FastifyInstance, opts: AvatarsOptions) {
  const { config, database, jobs, bus, authenticate, agents } = opts;
  const c = calls.avatars;
  const storage = localStorage(config.mediaDir);
  const service = avatarsService({
    avatars: avatarsRepository(database.db),
    agents,
    jobs: { enqueue: (payload) => jobs.enqueue(database.db, AVATAR_JOB, payload), get: jobs.get, retry: jobs.retry },
    storage,
    imageModel: createImageModel(config.image),
  });
  jobs.provide(AVATAR_JOB, {
    run: (payload, signal) => service.run(payload, signal),
    async settled(payload, job, status) {
      if (status !== 'queued') app.log.info({ jobId: job.id, status }, 'avatar job settled');
      await bus.publish(payload.ownerId, { type: 'job', jobId: job.id, status: publicStatus(status) });
    },
  });

  const limits: Record<string, number> = {
    [c.upload2d.path]: uploadBodyLimit(AVATAR_LIMITS.imageBytes),
    [c.generate2d.path]: uploadBodyLimit(AVATAR_LIMITS.imageBytes),
    [c.upload3d.path]: uploadBodyLimit(AVATAR_LIMITS.vrmBytes),
  };
  app.addHook('onRoute', (route) => {
    const limit = limits[route.url];
    if (limit) route.bodyLimit = limit;
  });

  app.addHook('onReady', () => ensureDefaultModels(storage));

  registerCall(app, c.generate2d, authenticate, async ({ user, input }) => service.generate2d(user.id, input));
  registerCall(app, c.status, authenticate, async ({ user, input, lang }) => service.status(user.id, input.jobId, lang));
  registerCall(app, c.retry, authenticate, async ({ user, input }) => service.retry(user.id, input.jobId));
  registerCall(app, c.get, authenticate, async ({ user, input, lang }) => service.get(user.id, input.agentId, lang));
  registerCall(app, c.upload2d, authenticate, async ({ user, input }) => service.upload2d(user.id, input.agentId, input.image));
  registerCall(app, c.upload3d, authenticate, async ({ user, input }) => service.upload3d(user.id, input.agentId, input.vrm));
  registerCall(app, c.engine, authenticate, async () => service.engine());
  registerCall(app, c.defaults3d, authenticate, async () => service.defaults3d());
  registerCall(app, c.useDefault3d, authenticate, async ({ user, input }) => service.useDefault3d(user.id, input.agentId, input.modelId));
  registerCall(app, c.setKind, authenticate, async ({ user, input }) => service.setKind(user.id, input.agentId, input.kind));
}
