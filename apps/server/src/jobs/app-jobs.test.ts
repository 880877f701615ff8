import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/server.ts';
import { jobs } from '../db/schema/jobs.ts';

describe("the app's recurring jobs", () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('sweep sign-ins and delete old jobs at the first start, with the next turn queued an hour later', async () => {
    const rows = async () =>
      t.starlit.database.db
        .select()
        .from(jobs)
        .where(inArray(jobs.kind, ['auth.sweep', 'jobs.cleanup']));
    for (let i = 0; i < 200 && (await rows()).filter((r) => r.status === 'done').length < 2; i++) await new Promise((r) => setTimeout(r, 25));
    for (const kind of ['auth.sweep', 'jobs.cleanup']) {
      const ofKind = (await rows()).filter((r) => r.kind === kind);
      expect(ofKind.map((r) => r.status).sort()).toEqual(['done', 'queued']);
      const next = ofKind.find((r) => r.status === 'queued')!;
      expect(next.runAt.getTime() - Date.now()).toBeGreaterThan(55 * 60_000);
    }
    expect((await t.starlit.database.db.select().from(jobs).where(eq(jobs.kind, 'jobs.cleanup'))).find((r) => r.status === 'done')?.result).toEqual({ deleted: 0 });
  });
});
