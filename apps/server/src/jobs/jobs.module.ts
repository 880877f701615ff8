import { defineModule } from '../platform/module.ts';

/** The job system's own upkeep: finished jobs are deleted after the retention time. */
export const jobsModule = defineModule({
  name: 'jobs',
  setup({ jobs }) {
    return { jobs: { 'jobs.cleanup': { sweep: async () => ({ deleted: await jobs.deleteFinished() }) } } };
  },
});
