import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { jobsTestBed, never } from '../../test/job-system.ts';
import { defineJob } from './define-job.ts';
import { jobQueue } from './queue.ts';

const bed = jobsTestBed();
const { system, get, until } = bed;

describe('attempts that fail, hang or are cancelled', () => {
  it('retries with doubling backoff and fails for good after the last attempt; retry starts over', async () => {
    let healthy = false;
    const starts: number[] = [];
    const settled: string[] = [];
    const flaky = defineJob({
      name: 'flaky',
      payload: z.object({}),
      timeoutMs: 5_000,
      retry: { attempts: 3, backoffMs: 200 },
      handler: async () => {
        starts.push(Date.now());
        if (!healthy) throw new Error('provider down');
        return 'ok';
      },
      onSettled: (_p, _job, status) => {
        settled.push(status);
      },
    });
    const s = system([flaky]);
    s.provide('flaky');
    await s.start();
    const job = await s.enqueue(bed.database.db, 'flaky', {});
    const failed = await until(job.id, 'failed');
    expect(failed).toMatchObject({ attempts: 3, maxAttempts: 3, error: 'provider down' });
    expect(settled).toEqual(['queued', 'queued', 'failed']);
    // 200 ms after the first failure, 400 ms after the second
    expect(starts[1]! - starts[0]!).toBeGreaterThanOrEqual(190);
    expect(starts[2]! - starts[1]!).toBeGreaterThanOrEqual(390);
    healthy = true;
    expect(await s.retry(job.id)).toBe(true);
    expect(await until(job.id, 'done')).toMatchObject({ attempts: 1, result: 'ok' });
    expect(await s.retry(job.id)).toBe(false);
  });

  it('times out a handler that never settles: its signal is aborted, its slot freed, and it is retried then failed', async () => {
    const signals: AbortSignal[] = [];
    const hang = defineJob({
      name: 'hang',
      payload: z.object({ hang: z.boolean() }),
      timeoutMs: 150,
      concurrency: 1,
      retry: { attempts: 2, backoffMs: 10 },
      handler: async (p, ctx) => {
        if (!p.hang) return 'quick';
        signals.push(ctx.signal);
        return never();
      },
    });
    const s = system([hang]);
    s.provide('hang');
    await s.start();
    const hung = await s.enqueue(bed.database.db, 'hang', { hang: true });
    const next = await s.enqueue(bed.database.db, 'hang', { hang: false });
    // with one slot, the second job runs only because the hung one gave its slot back
    expect((await until(next.id, 'done')).result).toBe('quick');
    const failed = await until(hung.id, 'failed');
    expect(failed).toMatchObject({ attempts: 2, error: 'timed out after 150 ms' });
    expect(signals).toHaveLength(2);
    expect(signals.every((signal) => signal.aborted)).toBe(true);
    expect(s.running()).toBe(0);
  });

  it('cancels a queued job (never run) and a running one (aborted, slot freed)', async () => {
    const seen: string[] = [];
    let aborted: unknown = null;
    const work = defineJob({
      name: 'cancellable',
      payload: z.object({ tag: z.string() }),
      timeoutMs: 60_000,
      concurrency: 1,
      handler: async (p, ctx) => {
        seen.push(p.tag);
        if (p.tag !== 'hang') return p.tag;
        ctx.signal.addEventListener('abort', () => (aborted = ctx.signal.reason));
        return never();
      },
    });
    const s = system([work]);
    s.provide('cancellable');
    const queued = await s.enqueue(bed.database.db, 'cancellable', { tag: 'queued' });
    expect(await s.cancel(queued.id)).toBe(true);
    await s.start();
    const hung = await s.enqueue(bed.database.db, 'cancellable', { tag: 'hang' });
    await until(hung.id, 'running');
    expect(await s.cancel(hung.id)).toBe(true);
    expect(aborted).toBeInstanceOf(Error);
    const after = await s.enqueue(bed.database.db, 'cancellable', { tag: 'after' });
    expect((await until(after.id, 'done')).result).toBe('after');
    expect(seen).toEqual(['hang', 'after']);
    expect(await get(queued.id)).toMatchObject({ status: 'cancelled', attempts: 0 });
    expect(await get(hung.id)).toMatchObject({ status: 'cancelled' });
    expect(await s.cancel(after.id)).toBe(false);
  });

  it('stops a job cancelled by another instance at its next heartbeat', async () => {
    let aborted = false;
    const work = defineJob({
      name: 'remote-cancel',
      payload: z.object({}),
      timeoutMs: 60_000,
      handler: (_p, ctx) => {
        ctx.signal.addEventListener('abort', () => (aborted = true));
        return never();
      },
    });
    // a lease of 90 ms: a heartbeat every 30 ms
    const s = system([work], { leaseMs: 90 });
    s.provide('remote-cancel');
    await s.start();
    const job = await s.enqueue(bed.database.db, 'remote-cancel', {});
    await until(job.id, 'running');
    expect(await jobQueue(bed.database.db).cancel(job.id)).toBe(true);
    for (let i = 0; i < 200 && !aborted; i++) await new Promise((r) => setTimeout(r, 20));
    expect(aborted).toBe(true);
    expect(s.running()).toBe(0);
  });
});
