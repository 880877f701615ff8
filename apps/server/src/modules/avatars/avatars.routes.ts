import { AVATAR_LIMITS, calls } from '@starlit/contract';
import type { FastifyInstance } from 'fastify';
import { createImageModel } from '../../ai/image/create-image-model.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { jobQueue } from '../../jobs/queue.ts';
import { startWorker, type Worker } from '../../jobs/worker.ts';
import type { Bus } from '../../platform/bus.ts';
import { registerCall, type Authenticate } from '../../platform/http.ts';
import { localStorage } from '../../platform/storage.ts';
import { AVATAR_JOB, avatarsRepository, type AvatarJobPayload } from './avatars.repository.ts';
import { avatarsService, publicStatus, type AvatarWriter } from './avatars.service.ts';
import { ensureDefaultModels } from './default-models.ts';

export interface AvatarsOptions {
  config: Config;
  database: Database;
  bus: Bus;
  authenticate: Authenticate;
  agents: AvatarWriter;
}

// base64 grows a file by 4/3; the rest of the JSON body is small
const uploadBodyLimit = (bytes: number) => Math.ceil((bytes * 4) / 3) + 64 * 1024;

/**
 * Avatars: 2D generation as a background job (with its worker), uploads, built-in 3D
 * models and the 2D/3D switch. A plugin, so its larger upload body limit stays its own.
 */
export async function avatarsModule(app: FastifyInstance, opts: AvatarsOptions) {
  const { config, database, bus, authenticate, agents } = opts;
  const c = calls.avatars;
  const storage = localStorage(config.mediaDir);
  const queue = jobQueue(database.db, config.jobs);
  let worker: Worker | null = null;
  const service = avatarsService({
    avatars: avatarsRepository(database.db),
    agents,
    queue,
    storage,
    imageModel: createImageModel(config.image),
    wake: () => worker?.wake(),
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

  app.addHook('onReady', async () => {
    await ensureDefaultModels(storage);
    worker = startWorker(
      queue,
      { [AVATAR_JOB]: (job, signal) => service.run(job, signal) },
      {
        // PGlite is one process: whatever it left running died with the last one
        startupLeaseMs: database.kind === 'pglite' ? 0 : undefined,
        onSettled: (job, status) => {
          if (status === 'done' || status === 'failed') app.log.info({ jobId: job.id, status }, 'avatar job settled');
          const { ownerId } = job.payload as AvatarJobPayload;
          void bus.publish(ownerId, { type: 'job', jobId: job.id, status: publicStatus(status) });
        },
        onError: (err) => app.log.warn({ err }, 'avatar jobs'),
      },
    );
  });
  app.addHook('onClose', async () => {
    await worker?.stop();
  });

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
