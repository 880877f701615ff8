import { defineModule } from '../../platform/module.ts';
import { worksModule } from '../works/works.module.ts';
import { reportsRoutes } from './reports.routes.ts';
import { reportsService } from './reports.service.ts';

/** Reports: people report works they see; moderation reads and closes them. */
export const reportsModule = defineModule({
  name: 'reports',
  setup(ctx) {
    const reports = reportsService({ db: ctx.database.db, storage: ctx.storage, limiter: ctx.limiter, log: ctx.log, works: ctx.use(worksModule) });
    return { service: reports, routes: (app) => reportsRoutes(app, { reports, authenticate: ctx.authenticate }) };
  },
});
