import { createImageModel } from '../../ai/image/create-image-model.ts';
import { defineModule } from '../../platform/module.ts';
import { agentsModule } from '../agents/agents.module.ts';
import { ledgerModule } from '../ledger/ledger.module.ts';
import { CREATION_JOB } from './creation.jobs.ts';
import { creationRoutes } from './creation.routes.ts';
import { creationService } from './creation.service.ts';

/** The creation studio: charged background creations with live progress (docs/creation.md, Creation jobs). */
export const creationModule = defineModule({
  name: 'creation',
  setup(ctx) {
    const { config, database, jobs, bus, storage } = ctx;
    const creation = creationService({
      db: database.db,
      ledger: ctx.use(ledgerModule),
      jobs: { enqueue: (tx, payload) => jobs.enqueue(tx, CREATION_JOB, payload), get: jobs.get, cancel: jobs.cancel, wake: jobs.wake },
      storage,
      bus,
      imageModel: createImageModel(config.image),
      delayMs: config.creationDelayMs,
      ownedAgent: (userId, agentId) => ctx.use(agentsModule).owned(userId, agentId),
    });
    return {
      service: creation,
      routes: (app) => creationRoutes(app, { creation, authenticate: ctx.authenticate }),
      ready: () => creation.reconcile(),
      jobs: { [CREATION_JOB]: { run: (payload, jobCtx) => creation.run(payload, jobCtx), settled: (payload, status) => creation.settled(payload, status) } },
    };
  },
});
