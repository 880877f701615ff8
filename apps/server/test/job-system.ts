import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { jobs } from '../src/db/schema/jobs.ts';
import type { AnyJob } from '../src/jobs/define-job.ts';
import { jobSystem, type JobSystem, type JobSystemOptions } from '../src/jobs/job-system.ts';
import { testDatabase } from './server.ts';

const options = { defaultRetry: { attempts: 3, backoffMs: 10 }, retentionMs: 60 * 60_000, singleProcess: false, pollMs: 20 };

/**
 * What a test file of the job system works on: one database for the file (each test uses job
 * names of its own), and every system or worker a test started stopped after it.
 */
export function jobsTestBed() {
  let db: Awaited<ReturnType<typeof testDatabase>>;
  const running: Array<{ stop(): Promise<void> }> = [];
  beforeAll(async () => {
    db = await testDatabase();
  });
  afterEach(async () => {
    await Promise.all(running.splice(0).map((s) => s.stop()));
  });
  afterAll(() => db.drop());

  const get = async (id: string) => (await db.database.db.select().from(jobs).where(eq(jobs.id, id)))[0];

  return {
    get database(): Database {
      return db.database;
    },
    /** Stops a worker the test started itself once the test ends. */
    stopAfter(worker: { stop(): Promise<void> }) {
      running.push(worker);
    },
    /** A job system over `definitions`, stopped after the test; start() is the test's to call. */
    system<const Defs extends readonly AnyJob[]>(definitions: Defs, overrides: Partial<JobSystemOptions> = {}): JobSystem<Defs> {
      const made = jobSystem(db.database.db, definitions, { ...options, ...overrides });
      running.push(made);
      return made;
    },
    get,
    /** The job once it has `status`; throws after `timeoutMs`. */
    async until(id: string, status: string, timeoutMs = 10_000) {
      const start = Date.now();
      for (;;) {
        const job = await get(id);
        if (job?.status === status) return job;
        if (Date.now() - start > timeoutMs) throw new Error(`job ${id} is ${job?.status}, not ${status}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
  };
}

/** A handler's work that never ends (a hung provider call). */
export const never = () => new Promise<never>(() => undefined);
