import { createImageModel } from '../../ai/image/create-image-model.ts';
import { defineModule } from '../../platform/module.ts';
import { agentsModule } from '../agents/agents.module.ts';
import { AVATAR_JOB } from './avatars.jobs.ts';
import { avatarsRepository } from './avatars.repository.ts';
import { avatarsRoutes } from './avatars.routes.ts';
import { avatarsService, publicStatus } from './avatars.service.ts';
import { ensureDefaultModels } from './default-models.ts';

/** Avatars: 2D generation as a background job (avatars.jobs.ts), uploads, built-in 3D models and the 2D/3D switch. */
export const avatarsModule = defineModule({
  name: 'avatars',
  setup(ctx) {
    const { config, database, jobs, bus, storage, log } = ctx;
    const avatars = avatarsService({
      avatars: avatarsRepository(database.db),
      agents: ctx.use(agentsModule),
      jobs: { enqueue: (payload) => jobs.enqueue(database.db, AVATAR_JOB, payload), get: jobs.get, retry: jobs.retry },
      storage,
      imageModel: createImageModel(config.image),
    });
    return {
      service: avatars,
      routes: (app) => avatarsRoutes(app, { avatars, authenticate: ctx.authenticate }),
      ready: () => ensureDefaultModels(storage),
      jobs: {
        [AVATAR_JOB]: {
          run: (payload, signal) => avatars.run(payload, signal),
          async settled(payload, job, status) {
            if (status !== 'queued') log.info({ jobId: job.id, status }, 'avatar job settled');
            await bus.publish(payload.ownerId, { type: 'job', jobId: job.id, status: publicStatus(status) });
          },
        },
      },
    };
  },
});
