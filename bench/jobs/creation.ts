// The creation part of bench:jobs (issue 11, docs/creation.md "Benchmark (bench:jobs)"):
// creations asked for through the real HTTP API of real server processes on a PostgreSQL
// database of the bench's own, with Redis between the processes, by people signed up through
// the built-in provider who got creation counts from an admin. Three phases:
//   latency:    one creation at a time, the next only after the last ended (idle workers):
//               enqueue-to-start of each job on the database's clock (jobs/creation-audit.ts);
//   throughput: BENCH_CREATION_JOBS offline text2Img creations through the job system against
//               the same engine called directly in this process with a pool of the job's
//               per-process concurrency (half before, half after, so load drift weighs on both);
//   kill:       a second server on the same database, creations sent to both, and the second
//               killed with SIGKILL while jobs run; the first takes its jobs over after the lease.
// Then the money of every creation of the run is audited.
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { calls, CREATION_LIMITS, ErrorCode, type Creation } from '@starlit/contract';
import { offlineImageModel } from '../../apps/server/src/ai/image/offline.ts';
import { ratioSize } from '../../apps/server/src/ai/image/ratio.ts';
import { creationJob } from '../../apps/server/src/modules/creation/creation.jobs.ts';
import { promptWith, STUDIO_LONG_SIDE } from '../../apps/server/src/modules/creation/workflows/text2img.ts';
import { round } from '../chat/figures.ts';
import { call, pool, ROOT, startServer, stopServer } from '../chat/server-process.ts';
import { auditMoney, generating, installJobClock, running, slotUse, startLatencies, statementCosts, summary, takeovers } from './creation-audit.ts';
import { cancel, create, CreationEvents, newKey, peopleWithCounts, text2ImgInput, Unreachable, type Person } from './creation-client.ts';
import { freshPostgres } from './queue-comparison.ts';

/** In the kill phase every this many creations is cancelled soon after it is accepted. */
const CANCEL_EVERY = 8;

const TARGETS = { enqueueToStartP99Ms: 100, throughputRatio: 0.8, doubleCharges: 0, lostRefunds: 0 };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Redis answers PING, or the bench stops: the two processes share live events and limits through it. */
async function assertRedis(url: string) {
  const { hostname, port } = new URL(url);
  const answer = await new Promise<string>((resolve, reject) => {
    const socket = net.connect(Number(port || 6379), hostname, () => socket.write('PING\r\n'));
    socket.setTimeout(3000, () => socket.destroy(new Error('no answer within 3 s')));
    socket.once('data', (data) => {
      socket.end();
      resolve(data.toString());
    });
    socket.once('error', reject);
  }).catch((err: Error) => err.message);
  if (!answer.startsWith('+PONG')) throw new Error(`the creation bench needs Redis at ${url} (BENCH_REDIS_URL): ${answer.trim()}`);
}

interface Server {
  child: ChildProcess;
  origin: string;
}

/**
 * Everything a creation's person sees: its end through their realtime stream, or (should an
 * event be lost) through `creation/get` once the stream stayed silent for a while.
 */
async function endOf(origin: string, person: Person, events: CreationEvents, id: string, timeoutMs: number) {
  try {
    return await events.ended(id, Math.min(timeoutMs, 15_000));
  } catch {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const got = await call<Creation>(origin, calls.creation.get.path, { id }, person.token);
      if (got.state !== 'generating') return { firstAt: Number.NaN, endedAt: performance.now(), state: got.state };
      if (Date.now() > deadline) throw new Error(`creation ${id} still generating after ${timeoutMs} ms`);
      await sleep(500);
    }
  }
}

/**
 * `total` creations by `people`, each keeping `CREATION_LIMITS.runningPerUser` asked for at once
 * (a lane each): a lane asks for the next creation when its last one ended. `originOf(lane)`
 * picks the server a lane asks; a server found unreachable is left for `fallback`, and the
 * request is sent there again with the same key, as the studio retries a request whose answer
 * it never got. With `cancelEvery`, every such creation is cancelled soon after it is accepted
 * (the cancel races its job: refunded in full, or 5106 when the job finished first).
 */
async function lanes(
  people: Person[],
  streams: CreationEvents[],
  total: number,
  firstIndex: number,
  route: { originOf: (lane: number) => string; fallback: string; cancelEvery?: number },
  endTimeoutMs: number,
) {
  let next = 0;
  const ids: string[] = [];
  const states: Record<string, number> = {};
  const refusals: string[] = [];
  const cancels = { refunded: 0, tooLate: 0 };
  let cutOff = 0;
  let replayed = 0;
  let lastEnd = 0;
  const dead = new Set<string>();
  // a call to the lane's server, sent again to the fallback when that server is gone
  const reaching = async <T>(lane: number, send: (origin: string) => Promise<T>): Promise<T> => {
    let origin = dead.has(route.originOf(lane)) ? route.fallback : route.originOf(lane);
    for (;;) {
      try {
        return await send(origin);
      } catch (err) {
        if (!(err instanceof Unreachable) || origin === route.fallback) throw err;
        cutOff++;
        dead.add(origin);
        origin = route.fallback;
      }
    }
  };
  const laneCount = people.length * CREATION_LIMITS.runningPerUser;
  await Promise.all(
    Array.from({ length: laneCount }, async (_, lane) => {
      const who = lane % people.length;
      const person = people[who]!;
      while (next < total) {
        const i = firstIndex + next++;
        const key = newKey();
        const outcome = await reaching(lane, (origin) => create(origin, person, i, key));
        if (!outcome.accepted) {
          refusals.push(`${outcome.code}: ${outcome.message}`);
          continue;
        }
        if (outcome.data.replayed) replayed++;
        const id = outcome.data.id;
        ids.push(id);
        if (route.cancelEvery && i % route.cancelEvery === 0) {
          // up to a second after acceptance (about a job's wait in the queue here), so cancels
          // meet jobs queued, running and finished
          await sleep(Math.random() * 1000);
          const cancelled = await reaching(lane, (origin) => cancel(origin, person, id));
          if (cancelled.accepted) cancels.refunded++;
          else if (cancelled.code === ErrorCode.CREATION_NOT_GENERATING) cancels.tooLate++;
          else throw new Error(`cancel of ${id}: ${cancelled.code} ${cancelled.message}`);
        }
        const end = await endOf(route.fallback, person, streams[who]!, id, endTimeoutMs);
        states[end.state ?? 'unknown'] = (states[end.state ?? 'unknown'] ?? 0) + 1;
        lastEnd = Math.max(lastEnd, end.endedAt ?? 0);
      }
    }),
  );
  return { ids, states, refusals, cancels, cutOff, replayed, lastEnd };
}

export async function creationBench(adminUrl: string) {
  const latencyCount = Number(process.env.BENCH_CREATION_LATENCY ?? 200);
  const jobCount = Number(process.env.BENCH_CREATION_JOBS ?? 500);
  const killCount = Number(process.env.BENCH_CREATION_KILL ?? 160);
  const peopleCount = Number(process.env.BENCH_CREATION_PEOPLE ?? 25);
  const leaseMs = Number(process.env.BENCH_JOB_LEASE_MS ?? 5000);
  const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/3';
  const concurrency = creationJob.concurrency ?? 1;
  await assertRedis(redisUrl);

  const began = performance.now();
  const loadBefore = os.loadavg()[0];
  const database = await freshPostgres(adminUrl);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'starlit-bench-creation-'));
  const logDir = path.join(ROOT, 'bench/results');
  fs.mkdirSync(logDir, { recursive: true });
  const adminName = `bench_admin_${randomBytes(3).toString('hex')}`;
  // both processes alike: one data folder (its secret), Redis, the bench's lease, the offline engine
  const env = { SEED_DEMO: '0', ADMIN_USERS: adminName, REDIS_URL: redisUrl, JOB_LEASE_MS: String(leaseMs), IMAGE_PROVIDER: 'offline', CREATION_DELAY_MS: '0' };
  const client = new pg.Client({ connectionString: database.url });
  const agent = new http.Agent({ keepAlive: true });
  const streams: CreationEvents[] = [];
  const servers: Server[] = [];
  try {
    const a = await startServer(null, dataDir, database.url, path.join(logDir, 'creation-server-a.log'), env);
    servers.push(a);
    await client.connect();
    await installJobClock(client);
    const statements = await statementCosts(client);
    // counts for every phase: each person makes about (latency + jobs + kill) / people creations
    const perPerson = Math.ceil((latencyCount + jobCount + killCount + 40) / peopleCount) * 2;
    const people = await peopleWithCounts(a.origin, adminName, peopleCount, perPerson);
    for (const person of people) {
      const events = new CreationEvents(agent);
      await events.open(a.origin, person.token);
      streams.push(events);
    }
    const granted = new Map(people.map((p) => [p.userId, perPerson]));
    const engine = offlineImageModel();
    const draw = (i: number) => {
      const input = text2ImgInput(i);
      return engine.generate({ prompt: promptWith(input.description, null), style: input.style, ...ratioSize(input.ratio, STUDIO_LONG_SIDE), ratio: input.ratio, seed: i });
    };

    // warm both paths (JIT, pools, sharp) before measuring
    await pool(Array.from({ length: 10 }), concurrency, (_, i) => draw(i));
    await lanes(people.slice(0, 5), streams, 20, 0, { originOf: () => a.origin, fallback: a.origin }, 60_000);
    console.error('jobs/creation: warmed up');

    // latency: one at a time, each after the last ended and a pause, so every slot is free
    const latencyIds: string[] = [];
    const createCall: number[] = [];
    const startSeen: number[] = [];
    for (let n = 0; n < latencyCount; n++) {
      const who = n % people.length;
      const sentAt = performance.now();
      const outcome = await create(a.origin, people[who]!, 1000 + n, newKey());
      const answeredAt = performance.now();
      if (!outcome.accepted) throw new Error(`latency: creation refused: ${outcome.code} ${outcome.message}`);
      latencyIds.push(outcome.data.id);
      const end = await endOf(a.origin, people[who]!, streams[who]!, outcome.data.id, 60_000);
      createCall.push(answeredAt - sentAt);
      if (Number.isFinite(end.firstAt)) startSeen.push(end.firstAt - sentAt);
      await sleep(20 + Math.random() * 60);
    }
    const spans = await startLatencies(client, latencyIds);
    const latency = {
      creations: latencyCount,
      // the job row's insert (in the accepting transaction) to the creation's first progress write (the handler running)
      enqueueToStartMs: summary(spans.started),
      // the same insert to the claim statement, before the claim's own commit
      enqueueToClaimMs: summary(spans.claimed),
      createCallMs: summary(createCall),
      sentToFirstProgressMs: summary(startSeen),
    };
    console.error(`jobs/creation: latency ${JSON.stringify(latency)}`);

    // throughput: the engine directly (half before, half after) and the same creations as jobs
    const half = Math.floor(jobCount / 2);
    const directRun = async (from: number, count: number) => {
      const t = performance.now();
      await pool(
        Array.from({ length: count }, (_, k) => from + k),
        concurrency,
        (i) => draw(i),
      );
      return performance.now() - t;
    };
    const directBefore = await directRun(10_000, half);
    const jobsBegan = performance.now();
    const viaJobs = await lanes(people, streams, jobCount, 10_000, { originOf: () => a.origin, fallback: a.origin }, 120_000);
    const jobsMs = viaJobs.lastEnd - jobsBegan;
    const directAfter = await directRun(10_000 + half, jobCount - half);
    const directPerSecond = jobCount / ((directBefore + directAfter) / 1000);
    const slots = await slotUse(client, viaJobs.ids, concurrency);
    const jobsPerSecond = (viaJobs.states.done ?? 0) / (jobsMs / 1000);
    const throughput = {
      creations: jobCount,
      concurrency,
      people: people.length,
      inFlightPerPerson: CREATION_LIMITS.runningPerUser,
      direct: {
        images: jobCount,
        seconds: round((directBefore + directAfter) / 1000),
        perSecond: round(directPerSecond),
        // one image's time in a slot of the pool
        imageMs: round(((directBefore + directAfter) * concurrency) / jobCount),
      },
      jobs: { creations: viaJobs.ids.length, states: viaJobs.states, refusals: viaJobs.refusals.length, seconds: round(jobsMs / 1000), perSecond: round(jobsPerSecond), ...slots },
      ratio: round(jobsPerSecond / directPerSecond),
      // the slot time one creation took beyond the engine's own (its bookkeeping and the gaps between jobs)
      overheadMsPerCreation: round((1000 * concurrency) / jobsPerSecond - (1000 * concurrency) / directPerSecond),
    };
    console.error(`jobs/creation: throughput ${JSON.stringify(throughput)}`);

    // kill: a second process, each person's first lane asking the first and the other the second, killed while jobs run
    const b = await startServer(null, dataDir, database.url, path.join(logDir, 'creation-server-b.log'), env);
    servers.push(b);
    const endedBefore = (await client.query<{ n: string }>(`select count(*) as n from creations where state <> 'generating'`)).rows[0]!.n;
    let killedAt = 0;
    let runningAtKill = 0;
    let endedAtKill = 0;
    let lanesOver = false;
    const killer = (async () => {
      // once a quarter has ended, at a moment both processes run jobs: every slot busy if that comes
      // within 3 s, else more than one process's slots (so the victim holds at least one)
      let quarterAt = 0;
      while (!lanesOver) {
        const ended = Number((await client.query<{ n: string }>(`select count(*) as n from creations where state <> 'generating'`)).rows[0]!.n) - Number(endedBefore);
        if (ended >= killCount / 4 && !quarterAt) quarterAt = Date.now();
        const now = await running(client);
        if (quarterAt && (now >= 2 * concurrency || (now > concurrency && Date.now() - quarterAt > 3000))) {
          b.child.kill('SIGKILL');
          killedAt = Date.now();
          runningAtKill = now;
          endedAtKill = ended;
          return;
        }
        await sleep(5);
      }
    })();
    const killRun = lanes(people, streams, killCount, 20_000, { originOf: (lane) => (lane < people.length ? a.origin : b.origin), fallback: a.origin, cancelEvery: CANCEL_EVERY }, 120_000).finally(
      () => (lanesOver = true),
    );
    const [afterKill] = await Promise.all([killRun, killer]);
    // everything ends: the survivor took the killed process's jobs over after their lease
    const deadline = Date.now() + 120_000;
    while ((await generating(client)) > 0 && Date.now() < deadline) await sleep(200);
    if (!killedAt) throw new Error('kill: every creation ended before both processes ran jobs at once; raise BENCH_CREATION_KILL');
    const takenOver = await takeovers(client, killedAt);
    const kill = {
      creations: killCount,
      processes: 2,
      jobLeaseMs: leaseMs,
      endedBeforeKill: endedAtKill,
      jobsRunningAtKill: runningAtKill,
      requestsCutOff: afterKill.cutOff,
      replayedOnSurvivor: afterKill.replayed,
      states: afterKill.states,
      // every CANCEL_EVERY-th creation cancelled soon after it was accepted: refunded, or too late (done first)
      cancels: afterKill.cancels,
      refusals: afterKill.refusals.length,
      ...takenOver,
      allEndedAfterKillMs: round(Date.now() - killedAt),
    };
    console.error(`jobs/creation: kill ${JSON.stringify(kill)}`);

    const money = await auditMoney(client, database.url, granted);
    const result = {
      database: 'postgres',
      redis: redisUrl,
      jobLeaseMs: leaseMs,
      people: people.length,
      // other work on the machine skews every figure: the 1-minute load average before and after
      loadAverage: [round(loadBefore), round(os.loadavg()[0])],
      // measured from the bench before the phases: a round trip, and a commit that waits for the disk
      statements,
      machine: { cpus: os.cpus().length, node: process.version },
      latency,
      throughput,
      kill,
      // every creation of the run (warm-up, latency, throughput and kill)
      money,
      wallSeconds: round((performance.now() - began) / 1000),
      targets: TARGETS,
      pass: {
        enqueueToStartP99: latency.enqueueToStartMs.p99 <= TARGETS.enqueueToStartP99Ms,
        throughputRatio: throughput.ratio >= TARGETS.throughputRatio && (viaJobs.states.done ?? 0) === jobCount,
        doubleCharges: money.doubleCharges === TARGETS.doubleCharges,
        lostRefunds: money.lostRefunds === TARGETS.lostRefunds && money.stillGenerating === 0,
        books: money.ledgerViolations.length === 0 && money.balancesWrong === 0,
      },
    };
    return result;
  } finally {
    for (const events of streams) events.close();
    agent.destroy();
    await client.end().catch(() => undefined);
    for (const server of servers) await stopServer(server.child);
    await database.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
