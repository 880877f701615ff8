// npm run bench:jobs: the parts named in BENCH_JOBS_PARTS (comma-separated), `creation` unless set.
//   creation: creation jobs through real server processes on PostgreSQL (jobs/creation.ts, issue 11):
//             enqueue-to-start latency, throughput against the engine called directly, and a
//             worker killed mid-run with the money checked afterwards. About two minutes.
//   queues:   our job queue against pg-boss 10 on PGlite and PostgreSQL (jobs/queue-comparison.ts,
//             decision 0009). Much longer (pg-boss on PGlite alone takes minutes), so it runs when asked.
import { creationBench } from './jobs/creation.ts';
import { queueComparison } from './jobs/queue-comparison.ts';

const PARTS = ['creation', 'queues'] as const;

export async function jobs() {
  const asked = (process.env.BENCH_JOBS_PARTS ?? 'creation').split(',').map((p) => p.trim());
  const unknown = asked.filter((p) => !(PARTS as readonly string[]).includes(p));
  if (unknown.length) throw new Error(`BENCH_JOBS_PARTS: unknown part ${unknown.join(', ')} (known: ${PARTS.join(', ')})`);
  const adminUrl = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const result: { creation?: Awaited<ReturnType<typeof creationBench>>; queues?: Awaited<ReturnType<typeof queueComparison>> } = {};
  if (asked.includes('creation')) result.creation = await creationBench(adminUrl);
  if (asked.includes('queues')) result.queues = await queueComparison(adminUrl);
  return result;
}
