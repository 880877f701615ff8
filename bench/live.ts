// What a live show's fan-out costs at N viewers (issue 13): one show, N SSE viewers split over
// two server instances on one PostgreSQL database and one Redis, 20 chat messages and 5 gifts a
// second posted alternately to both by signed-in senders. The figures: delivery latency from the
// send to each viewer's receipt over every (event, viewer) pair, events lost, duplicated or out
// of order, each server's RSS and CPU, and the viewers the show counts. The baseline, measured
// in the same run with the same viewers and rate, is a bare fan-out: two plain `http` servers on
// one Redis channel, no database and no hub (bench/live/bare-fanout.ts); `overheadP99Ms` is what
// Starlit's path adds to it. The client's viewers run on worker threads (bench/live/viewers.ts).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { Browser } from '../apps/server/test/browser.ts';
import { exchange, signUpThroughPassport } from '../apps/server/test/sign-in.ts';
import { round } from './chat/figures.ts';
import { call, cpuMsOf, freePort, freshDatabase, memoryOf, pool, ROOT, startServer, stopServer } from './chat/server-process.ts';
import { runLoad, type Send } from './live/load.ts';
import { deliveryFigures, openViewers, type Viewers } from './live/viewers.ts';

const TARGETS = { deliveryP99Ms: 200, lost: 0 };
const CHATS_PER_SECOND = 20;
const GIFTS_PER_SECOND = 5;
/** Free hearts a sender may give a day (GIFT_RULES.freePerDay). */
const FREE_GIFTS_PER_DAY = 5;
/** After the last send: time for the last events (and the agent's answers) to reach everyone. */
const DRAIN_MS = 3000;
/** How long the closing live/get calls may take before they count as unanswered. */
const LIVE_GET_WAIT_MS = 10_000;

/** `p`'s value, or null if it takes longer than `ms`. */
async function within<T>(ms: number, p: Promise<T>): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), ms)));
  p.catch(() => undefined);
  const out = await Promise.race([p, late]);
  clearTimeout(timer);
  return out;
}

interface Settings {
  viewers: number;
  seconds: number;
  threads: number;
  drainSeconds: number;
  redisUrl: string;
}

/** Where the run is, on stderr (stdout carries the JSON). */
const progress = (what: string) => console.error(`[bench:live ${new Date().toISOString().slice(11, 19)}] ${what}`);

/** RSS (sampled every 250 ms, the most seen), peak RSS and CPU of the server processes while the load runs. */
function watch(pids: number[]) {
  const rssMax = pids.map((pid) => memoryOf(pid).rss);
  const idle = [...rssMax];
  const sampler = setInterval(() => {
    for (const [i, pid] of pids.entries()) rssMax[i] = Math.max(rssMax[i], memoryOf(pid).rss);
  }, 250);
  const cpuBefore = pids.map(cpuMsOf);
  const began = performance.now();
  return () => {
    clearInterval(sampler);
    const seconds = (performance.now() - began) / 1000;
    return pids.map((pid, i) => ({
      idleRssMb: idle[i],
      rssMb: rssMax[i],
      peakRssMb: memoryOf(pid).peak,
      cpuPercent: Math.round((cpuMsOf(pid) - cpuBefore[i]) / 10 / seconds),
    }));
  };
}

/**
 * How long a call that needs no database takes on each instance, asked every 100 ms while the
 * load runs: the server's event-loop delay seen from outside (Starlit: `live/clock`; the
 * baseline: a 404), apart from any wait for the show's lock or a pool connection.
 */
function probe(urls: string[]) {
  const times: number[][] = urls.map(() => []);
  let running = true;
  const loops = urls.map(async (url, i) => {
    while (running) {
      const began = performance.now();
      await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })
        .then((r) => r.arrayBuffer())
        .catch(() => undefined);
      times[i].push(performance.now() - began);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });
  return async () => {
    running = false;
    await Promise.all(loops);
    return times.map((t) => {
      t.sort((x, y) => x - y);
      const at = (p: number) => (t.length ? round(t[Math.min(t.length - 1, Math.floor(p * t.length))]) : null);
      return { p50Ms: at(0.5), p99Ms: at(0.99), maxMs: t.length ? round(t[t.length - 1]) : null };
    });
  };
}

/** Runs the load against a pair of instances whose viewers are open, then gathers the figures. */
async function measure(viewers: Viewers, pids: number[], s: Settings, send: Send, lastSeq: (sent: Map<number, number>) => Promise<number>, probeUrls: string[]) {
  viewers.measure();
  const stop = watch(pids);
  const stopProbe = probe(probeUrls);
  progress('load running');
  const load = await runLoad(s.seconds, CHATS_PER_SECOND, GIFTS_PER_SECOND, s.drainSeconds, send);
  await new Promise((resolve) => setTimeout(resolve, DRAIN_MS / 2));
  const last = await lastSeq(load.sendTimes);
  await new Promise((resolve) => setTimeout(resolve, DRAIN_MS / 2));
  const servers = stop();
  const noDatabaseCall = await stopProbe();
  progress(`load done (${load.unanswered} sends unanswered); gathering the viewers' figures`);
  const delivery = deliveryFigures(await viewers.finish(load.sendTimes, last));
  const { sendTimes: _, ...sends } = load;
  return { load: sends, lastSeq: last, delivery, servers, noDatabaseCall };
}

async function baseline(s: Settings) {
  const channel = `starlit-bench-live:${randomBytes(6).toString('hex')}`;
  const children: ChildProcess[] = [];
  let viewers: Viewers | null = null;
  try {
    const origins: string[] = [];
    for (let i = 0; i < 2; i++) {
      const port = await freePort();
      const child = spawn(process.execPath, ['--import', 'tsx', 'bench/live/bare-fanout.ts'], {
        cwd: ROOT,
        env: { ...process.env, PORT: String(port), REDIS_URL: s.redisUrl, BENCH_CHANNEL: channel },
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      });
      children.push(child);
      await new Promise<void>((resolve, reject) => {
        child.once('message', () => resolve());
        child.once('exit', (code) => reject(new Error(`the bare fan-out server exited (${code})`)));
      });
      origins.push(`http://127.0.0.1:${port}`);
    }
    progress(`baseline: two bare fan-out servers up; opening ${s.viewers} viewers`);
    viewers = await openViewers(
      origins.map((o) => `${o}/stream`),
      s.viewers,
      s.threads,
    );
    // a message the size of a Starlit chat event: its number, kind, time, person and text
    const person = { userId: randomUUID(), userName: 'bench_sender', avatar: null };
    const send: Send = async (i, kind, sentAt) => {
      const body = JSON.stringify({ kind, at: new Date(sentAt).toISOString(), user: person, text: `bench ${i}`, deleted: false });
      const res = await fetch(`${origins[i % 2]}/send`, { method: 'POST', body });
      const envelope = (await res.json()) as { code: number; data: { seq: number } };
      if (envelope.code !== 0) throw new Error(`send answered ${envelope.code}`);
      return envelope.data.seq;
    };
    progress(`baseline: ${viewers.connected} viewers in ${viewers.connectSeconds} s; sending for ${s.seconds} s`);
    const figures = await measure(
      viewers,
      children.map((c) => c.pid!),
      s,
      send,
      // numbers come from one counter: the last is the highest answered
      async (sent) => Math.max(0, ...sent.keys()),
      origins.map((o) => `${o}/probe`),
    );
    return { connected: viewers.connected, failedToConnect: viewers.failed, connectSeconds: viewers.connectSeconds, ...figures };
  } finally {
    await viewers?.close();
    for (const c of children) await stopServer(c);
  }
}

async function starlit(s: Settings) {
  const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const database = await freshDatabase(serverUrl);
  if (!database) throw new Error('no PostgreSQL server');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'starlit-bench-live-'));
  const sql = async (text: string, values: unknown[]) => {
    const c = new pg.Client({ connectionString: database.url });
    await c.connect();
    try {
      return (await c.query(text, values)).rows;
    } finally {
      await c.end();
    }
  };
  const logFiles = ['a', 'b'].map((n) => path.join(ROOT, `bench/results/live-server-${n}.log`));
  fs.mkdirSync(path.dirname(logFiles[0]), { recursive: true });
  const children: ChildProcess[] = [];
  let viewers: Viewers | null = null;
  try {
    // one signing key and one media folder, as instances of one deployment share them
    const env = { REDIS_URL: s.redisUrl, SECRET_KEY: randomBytes(32).toString('base64url') };
    const origins: string[] = [];
    // one after the other: the first runs the migrations and the demo seed
    for (const logFile of logFiles) {
      const server = await startServer(null, dataDir, database.url, logFile, env);
      children.push(server.child);
      origins.push(server.origin);
    }
    const [a] = origins;
    progress('starlit: two servers up; signing in the owner and the senders');

    // senders: free hearts are limited a day per person, so enough senders for every gift
    const gifts = Math.ceil(s.seconds * GIFTS_PER_SECOND);
    const senderCount = Math.max(10, Math.ceil(gifts / FREE_GIFTS_PER_DAY) + 2);
    const names = Array.from({ length: senderCount + 1 }, () => `bench_${randomBytes(4).toString('hex')}`);
    const tokens = await pool(names, 4, async (name) => {
      const b = new Browser();
      const back = await signUpThroughPassport(b, a, name);
      const session = await exchange(b, a, back.code, back.state);
      if (session.code !== 0) throw new Error(`sign-in failed: ${session.message}`);
      return session.data.token;
    });
    const [ownerToken, ...senders] = tokens;

    // the owner takes a published demo agent and has one dance work (as test/live.ts danceWork)
    const db = new pg.Client({ connectionString: database.url });
    await db.connect();
    let agentId: string;
    let workId: string;
    try {
      const owner = await db.query<{ id: string }>('select id from users where user_name = $1', [names[0]]);
      const agent = await db.query<{ id: string }>(
        `update agents set owner_id = $1 where id = (select id from agents where is_public and published_at is not null order by created_at limit 1) returning id`,
        [owner.rows[0].id],
      );
      if (!agent.rows.length) throw new Error('no published agent: is SEED_DEMO on?');
      agentId = agent.rows[0].id;
      const files = [
        { role: 'dance', url: '/media/works/bench-live.vrma', mime: 'model/gltf-binary' },
        { role: 'song', url: '/media/works/bench-live.wav', mime: 'audio/wav' },
      ];
      const work = await db.query<{ id: string }>(
        `insert into works (author_id, kind, name, category, media, is_public, published_at, creation_files, creation_facts)
         values ($1, 'dance', 'Bench dance', 'Dance', $2, true, now(), $3, $4) returning id`,
        [owner.rows[0].id, files[0].url, JSON.stringify(files), JSON.stringify({ seconds: 8, bpm: 120 })],
      );
      workId = work.rows[0].id;
    } finally {
      await db.end();
    }
    const show = await call<{ id: string; lastSeq: number }>(
      a,
      '/ai/api/v1/live/start',
      { agentId, title: 'Bench night', cover: null, sceneId: 'stage', playlist: [{ kind: 'work', id: workId }], greeting: '', chatPolicy: 'everyone', slowModeSeconds: 0 },
      ownerToken,
    );

    progress(`starlit: show ${show.id} on; opening ${s.viewers} viewers`);
    viewers = await openViewers(
      origins.map((o) => `${o}/ai/live/${show.id}/stream`),
      s.viewers,
      s.threads,
    );
    let gifted = 0;
    const send: Send = async (i, kind, sentAt) => {
      const origin = origins[i % 2];
      if (kind === 'gift') {
        const sender = senders[Math.floor(gifted++ / FREE_GIFTS_PER_DAY) % senders.length];
        const out = await call<{ event: { seq: number } | null }>(origin, '/ai/api/v1/live/gift', { showId: show.id, giftKey: 'heart', count: 1, key: `bg_${randomBytes(8).toString('hex')}` }, sender);
        if (!out.event) throw new Error('gift answered no event');
        return out.event.seq;
      }
      const out = await call<{ event: { seq: number } }>(
        origin,
        '/ai/api/v1/live/chat',
        { showId: show.id, text: `bench ${i} t=${Math.round(sentAt)}`, clientId: `bc_${randomBytes(8).toString('hex')}` },
        senders[i % senders.length],
      );
      return out.event.seq;
    };
    progress(`starlit: ${viewers.connected} viewers in ${viewers.connectSeconds} s; sending for ${s.seconds} s`);
    const figures = await measure(
      viewers,
      children.map((c) => c.pid!),
      s,
      send,
      // read in SQL, not through live/get: a server that fell behind answers calls late (see the doc)
      async () => Number((await sql('select last_seq from live_shows where id = $1', [show.id]))[0].last_seq),
      origins.map((o) => `${o}/ai/api/v1/live/clock`),
    );
    // the show's count: each instance reports its own every 2 s and reads the total
    const counted = await Promise.all(
      origins.map(async (o) => {
        const began = performance.now();
        const got = await within(LIVE_GET_WAIT_MS, call<{ viewers: number }>(o, '/ai/api/v1/live/get', { showId: show.id }, ownerToken));
        return { viewers: got?.viewers ?? null, ms: Math.round(performance.now() - began) };
      }),
    );
    const stored = await sql('select viewers, last_seq from live_shows where id = $1', [show.id]);
    const others = await sql(`select count(*) as n from live_events where show_id = $1 and kind not in ('chat', 'gift')`, [show.id]);
    return {
      connected: viewers.connected,
      failedToConnect: viewers.failed,
      connectSeconds: viewers.connectSeconds,
      senders: senders.length,
      ...figures,
      // events the bench did not send: the agent's answers, greetings
      otherEvents: Number(others[0].n),
      // live/get on each instance (null: no answer within LIVE_GET_WAIT_MS) and how long it took
      viewersCounted: counted.map((c) => c.viewers),
      liveGetMs: counted.map((c) => c.ms),
      viewersStored: Number(stored[0].viewers),
      lastSeqAtEnd: Number(stored[0].last_seq),
    };
  } catch (err) {
    for (const logFile of logFiles) {
      const tail = fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8').split('\n').slice(-20).join('\n') : '';
      if (tail.trim()) console.error(`server log (${logFile}), last lines:\n${tail}`);
    }
    throw err;
  } finally {
    await viewers?.close();
    for (const c of children) await stopServer(c);
    await database.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function live() {
  const s: Settings = {
    viewers: Number(process.env.BENCH_VIEWERS ?? 5000),
    seconds: Number(process.env.BENCH_SECONDS ?? 30),
    threads: Number(process.env.BENCH_CLIENT_THREADS ?? 2),
    drainSeconds: Number(process.env.BENCH_DRAIN_SECONDS ?? 15),
    redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
  };
  const loadBefore = os.loadavg();
  const bare = await baseline(s);
  const server = await starlit(s);
  const p99 = server.delivery.deliveryP99Ms;
  const lost = server.delivery.lost;
  return {
    viewers: s.viewers,
    seconds: s.seconds,
    chatsPerSecond: CHATS_PER_SECOND,
    giftsPerSecond: GIFTS_PER_SECOND,
    clientThreads: s.threads,
    cpus: os.cpus().length,
    // other work on the machine skews every figure: the load averages (1, 5, 15 min) before and after
    loadAverage: { before: loadBefore.map((l) => round(l)), after: os.loadavg().map((l) => round(l)) },
    baseline: bare,
    starlit: server,
    overheadP50Ms: server.delivery.deliveryP50Ms !== null && bare.delivery.deliveryP50Ms !== null ? round(server.delivery.deliveryP50Ms - bare.delivery.deliveryP50Ms) : null,
    overheadP99Ms: p99 !== null && bare.delivery.deliveryP99Ms !== null ? round(p99 - bare.delivery.deliveryP99Ms) : null,
    targets: TARGETS,
    pass: {
      deliveryP99: p99 !== null && p99 <= TARGETS.deliveryP99Ms,
      lost: lost === 0 && server.delivery.duplicates === 0 && server.delivery.outOfOrder === 0 && server.load.failed === 0,
    },
  };
}
