import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { jobsTestBed } from '../../test/job-system.ts';
import { jobs } from '../db/schema/jobs.ts';
import { defineHourlySweep, defineJob } from './define-job.ts';
import { InvalidJobPayloadError } from './job-system.ts';

const bed = jobsTestBed();
const { system, get, until } = bed;

describe('job registry', () => {
  it('checks payloads on enqueue (by type and by schema) and stores the parsed one; runs to done with progress', async () => {
    const echo = defineJob({
      name: 'echo',
      payload: z.object({ n: z.number().int(), note: z.string().trim().default('') }),
      timeoutMs: 5_000,
      handler: async (p, ctx) => {
        await ctx.progress(50);
        return { echoed: p.n, note: p.note, attempt: ctx.attempt };
      },
    });
    const s = system([echo]);
    s.provide('echo');
    // @ts-expect-error a payload of the wrong type does not compile
    await expect(s.enqueue(bed.database.db, 'echo', { n: 'one' })).rejects.toThrow(InvalidJobPayloadError);
    // @ts-expect-error nor does a name no definition has
    await expect(s.enqueue(bed.database.db, 'nope', {})).rejects.toThrow('no job is defined as nope');
    await expect(s.enqueue(bed.database.db, 'echo', { n: 1.5, note: '' })).rejects.toThrow('job echo: invalid payload: n:');
    expect(await bed.database.db.select().from(jobs).where(eq(jobs.kind, 'echo'))).toEqual([]);

    const job = await s.enqueue(bed.database.db, 'echo', { n: 1, note: '  hi  ' });
    expect(job.payload).toEqual({ n: 1, note: 'hi' });
    await s.start();
    const done = await until(job.id, 'done');
    expect(done).toMatchObject({ result: { echoed: 1, note: 'hi', attempt: 1 }, attempts: 1, progress: 100 });
  });

  it('reports progress while running', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const slow = defineJob({
      name: 'progress',
      payload: z.object({}),
      timeoutMs: 5_000,
      handler: async (_p, ctx) => {
        await ctx.progress(42.4);
        await gate;
      },
    });
    const s = system([slow]);
    s.provide('progress');
    await s.start();
    const job = await s.enqueue(bed.database.db, 'progress', {});
    for (let i = 0; i < 200 && (await get(job.id))?.progress !== 42; i++) await new Promise((r) => setTimeout(r, 20));
    expect(await get(job.id)).toMatchObject({ status: 'running', progress: 42 });
    release();
    await until(job.id, 'done');
  });

  it('dedupes: an enqueue with a live job of the same key answers that job; a finished one does not count', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const unique = defineJob({
      name: 'unique',
      payload: z.object({ key: z.string(), n: z.number() }),
      timeoutMs: 5_000,
      dedupeKey: (p) => p.key,
      handler: async (p) => {
        await gate;
        return p.n;
      },
    });
    const s = system([unique]);
    s.provide('unique');
    const first = await s.enqueue(bed.database.db, 'unique', { key: 'a', n: 1 });
    const same = await Promise.all([1, 2, 3].map((n) => s.enqueue(bed.database.db, 'unique', { key: 'a', n: n + 1 })));
    expect(same.map((j) => j.id)).toEqual([first.id, first.id, first.id]);
    const other = await s.enqueue(bed.database.db, 'unique', { key: 'b', n: 9 });
    expect(other.id).not.toBe(first.id);
    await s.start();
    await until(first.id, 'running');
    // running is live too
    expect((await s.enqueue(bed.database.db, 'unique', { key: 'a', n: 5 })).id).toBe(first.id);
    release();
    expect((await until(first.id, 'done')).result).toBe(1);
    const again = await s.enqueue(bed.database.db, 'unique', { key: 'a', n: 6 });
    expect(again.id).not.toBe(first.id);
    expect((await until(again.id, 'done')).result).toBe(6);
  });

  it('deletes finished jobs after the retention period and keeps live and recent ones', async () => {
    const keep = defineJob({ name: 'retained', payload: z.object({ n: z.number() }), timeoutMs: 5_000, handler: async () => null });
    const s = system([keep], { retentionMs: 60_000 });
    s.provide('retained');
    const ids = [];
    for (let n = 0; n < 5; n++) ids.push((await s.enqueue(bed.database.db, 'retained', { n })).id);
    const [oldDone, oldFailed, oldCancelled, recentDone, queued] = ids as [string, string, string, string, string];
    const age = sql`now() - interval '2 minutes'`;
    await bed.database.db.update(jobs).set({ status: 'done', updatedAt: age }).where(eq(jobs.id, oldDone));
    await bed.database.db.update(jobs).set({ status: 'failed', updatedAt: age }).where(eq(jobs.id, oldFailed));
    await bed.database.db.update(jobs).set({ status: 'cancelled', updatedAt: age }).where(eq(jobs.id, oldCancelled));
    await bed.database.db.update(jobs).set({ status: 'done' }).where(eq(jobs.id, recentDone));
    // an old queued job is still to do, however long it waited
    await bed.database.db.update(jobs).set({ updatedAt: age }).where(eq(jobs.id, queued));
    expect(await s.deleteFinished()).toBe(3);
    const left = await bed.database.db.select({ id: jobs.id }).from(jobs).where(eq(jobs.kind, 'retained'));
    expect(left.map((r) => r.id).sort()).toEqual([recentDone, queued].sort());
  });

  it("enqueues inside the caller's transaction: rolled back with it, there once it commits", async () => {
    const inTx = defineJob({ name: 'in-tx', payload: z.object({ n: z.number() }), timeoutMs: 5_000, handler: async (p) => p.n });
    const s = system([inTx]);
    s.provide('in-tx');
    await s.start();
    let rolledBack = '';
    await expect(
      bed.database.db.transaction(async (tx) => {
        rolledBack = (await s.enqueue(tx, 'in-tx', { n: 1 })).id;
        throw new Error('the caller failed after enqueueing');
      }),
    ).rejects.toThrow('the caller failed');
    expect(rolledBack).not.toBe('');
    expect(await get(rolledBack)).toBeUndefined();
    const committed = await bed.database.db.transaction(async (tx) => {
      const job = await s.enqueue(tx, 'in-tx', { n: 2 });
      // not visible outside the transaction before it commits (PGlite's one connection is the transaction's until then)
      if (bed.database.kind === 'postgres') expect(await get(job.id)).toBeUndefined();
      return job;
    });
    s.wake();
    expect((await until(committed.id, 'done')).result).toBe(2);
  });
});

describe('jobs provided by modules', () => {
  const swept = (what: string) => ({ sweep: async () => what });

  it('runs each job with what the one module providing it returned', async () => {
    const s = system([defineHourlySweep('first.sweep', 5_000), defineHourlySweep('second.sweep', 5_000)]);
    s.provideAll([{ name: 'first', jobs: { 'first.sweep': swept('by first') } }, { name: 'second', jobs: { 'second.sweep': swept('by second') } }, { name: 'none' }]);
    await s.start();
    const [first] = await bed.database.db.select().from(jobs).where(eq(jobs.kind, 'first.sweep'));
    const [second] = await bed.database.db.select().from(jobs).where(eq(jobs.kind, 'second.sweep'));
    expect((await until(first!.id, 'done')).result).toBe('by first');
    expect((await until(second!.id, 'done')).result).toBe('by second');
  });

  it('refuses a registered job that no module provides, naming it', async () => {
    const s = system([defineHourlySweep('kept.sweep', 5_000), defineHourlySweep('orphan.sweep', 5_000)]);
    expect(() => s.provideAll([{ name: 'kept', jobs: { 'kept.sweep': swept('kept') } }])).toThrow(/^job orphan\.sweep is provided by no module \(/);
    await expect(s.start()).rejects.toThrow('jobs without their dependencies: orphan.sweep');
  });

  it('refuses a job that two modules provide, naming both', () => {
    const s = system([defineHourlySweep('shared.sweep', 5_000)]);
    const twice = [
      { name: 'media', jobs: { 'shared.sweep': swept('media') } },
      { name: 'auth', jobs: { 'shared.sweep': swept('auth') } },
    ];
    expect(() => s.provideAll(twice)).toThrow(/^job shared\.sweep is provided by more than one module: media, auth \(/);
  });
});
