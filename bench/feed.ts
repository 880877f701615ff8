// Home feeds, a work detail and search on a large database (issue 9, Performance): a fresh
// PostgreSQL database of its own (DATABASE_URL's server, or the local one) is seeded in SQL with
// 1,000,000 works, 100,000 users, 5,000,000 likes and 1,000,000 follows (BENCH_FEED_SCALE
// shrinks every count, e.g. 0.01), then 64 concurrent clients measure each page twice in the
// same run: through the app over real HTTP, and the same SQL straight on a pool of the app's
// size. The SQL is built by the app's own repositories, so both sides run the same query.
//   BENCH_FEED_SCALE     fraction of the full counts (default 1)
//   BENCH_FEED_CLIENTS   concurrent clients (default 64)
//   BENCH_FEED_REQUESTS  requests per page and side (default 2000)
//   BENCH_FEED_KEEP=1    keep the database afterwards (its name is printed) to study plans
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { calls, COMMENT_LIMITS } from '@starlit/contract';
import type { SQL } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Db } from '../apps/server/src/db/client.ts';
import { PreparingClient } from '../apps/server/src/db/prepared.ts';
import * as schema from '../apps/server/src/db/schema/index.ts';
import { commentsRepository } from '../apps/server/src/modules/comments/comments.repository.ts';
import { followingFeedSql } from '../apps/server/src/modules/social/social.repository.ts';
import { worksRepository } from '../apps/server/src/modules/works/works.repository.ts';
import { Browser } from '../apps/server/test/browser.ts';
import { exchange, signUpThroughPassport } from '../apps/server/test/sign-in.ts';
import { pct, round } from './chat/figures.ts';
import { cpuMsOf, ROOT, startServer, stopServer } from './chat/server-process.ts';

const TARGETS = { appP99Ms: 30, appOverRawP99: 1.5 };
// the app's pool (db/client.ts): the raw side gets as many connections, no more
const APP_POOL = 10;

/** A database of its own on the PostgreSQL server, created and dropped. */
async function freshPostgres(serverUrl: string) {
  const admin = async (text: string) => {
    const c = new pg.Client({ connectionString: serverUrl });
    await c.connect();
    try {
      await c.query(text);
    } finally {
      await c.end();
    }
  };
  const name = `starlit_bench_feed_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  await admin(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.href, drop: () => admin(`drop database if exists ${name} with (force)`) };
}

/**
 * The seed, in SQL only. Ids are uuids made from the md5 of each row's number, so every statement
 * can name rows of another without reading them back. Likes per work follow a fixed skewed
 * pattern whose counts are written to works.like_count in the same statement that inserts
 * the work, and follow_counts come from the inserted follows: the counters match the rows
 * (checked after the seed).
 */
function seedStatements(scale: number, viewerId: string) {
  const users = Math.max(1000, Math.round(100_000 * scale));
  const works = Math.max(1000, Math.round(1_000_000 * scale));
  const followsPerUser = 10; // 1,000,000 follows at full scale
  // version 4 variant 1 uuids, as the calls' input checks want them
  const uuidOf = (text: string) => `overlay(overlay(md5(${text}) placing '4' from 13) placing '8' from 17)::uuid`;
  const uid = (n: string) => uuidOf(`'u' || (${n})`);
  const wid = (n: string) => uuidOf(`'w' || (${n})`);
  // likes of work i: 0..10 by a multiplicative hash, mean 5 (5,000,000 at full scale), skewed
  // by a second term so a few works are far more liked than the rest
  const likesOf = (i: string) => `((((${i})::bigint * 2654435761) % 11) + case when (${i}) % 997 = 0 then 40 else 0 end)::int`;
  const english = `(array['Moonlight','Nebula','Aurora','Comet','Lighthouse','Harbor','Meadow','Ember','Glacier','Lantern','Orbit','Willow','Canyon','Echo','Prism','Velvet','Thunder','Saffron','Cobalt','Zephyr'])`;
  const chinese = `(array['銀河','夜曲','晨光','流星','海風','花園','雪山','燈塔','森林','雲海'])`;
  return {
    users,
    works,
    steps: [
      {
        name: 'users',
        sql: `insert into users (id, user_name, created_at)
              select ${uid('g')}, 'bench_' || g, now() - (g || ' minutes')::interval from generate_series(1, ${users}) g`,
      },
      {
        // one work in 500 has 星空 in its name: the search below finds 2,000 of 1,000,000
        name: 'works',
        sql: `insert into works (id, author_id, kind, name, description, tags, is_public, published_at, created_at, like_count, hidden_at)
              select ${wid('g')}, ${uid(`1 + (g::bigint * 7919) % ${users}`)}, (array['image','video','audio','post'])[1 + g % 4],
                     left(${english}[1 + g % 20] || ' ' || case when g % 500 = 7 then '夢幻的星空之旅' else ${chinese}[1 + (g / 20) % 10] end, 20),
                     'A work about ' || lower(${english}[1 + (g / 7) % 20]) || ' and ' || ${chinese}[1 + (g / 3) % 10],
                     array[lower(${english}[1 + (g / 11) % 20])],
                     g % 50 <> 0, case when g % 100 = 1 then null else now() - (g * 31 || ' seconds')::interval end,
                     now() - (g * 31 || ' seconds')::interval, ${likesOf('g')}, case when g % 1000 = 2 then now() end
              from generate_series(1, ${works}) g`,
      },
      {
        name: 'likes',
        sql: `insert into work_likes (work_id, user_id)
              select ${wid('g')}, ${uid(`1 + (g * 31 + r * 7919) % ${users}`)}
              from generate_series(1, ${works}) g, generate_series(1, ${likesOf('g')}) r`,
      },
      {
        name: 'follows',
        sql: `insert into user_follows (follower_id, followee_id)
              select ${uid('f')}, ${uid(`1 + (f + r * 7) % ${users}`)}
              from generate_series(1, ${users}) f, generate_series(1, ${followsPerUser}) r`,
      },
      {
        // the viewer of the measured pages follows 500 accounts
        name: 'viewer follows',
        sql: `insert into user_follows (follower_id, followee_id)
              select '${viewerId}'::uuid, ${uid(`1 + (r * 97) % ${users}`)} from generate_series(1, 500) r on conflict do nothing`,
      },
      {
        name: 'follow counts',
        sql: `insert into follow_counts (subject_id, followers, following)
              select id, sum(followers), sum(following) from (
                select followee_id as id, count(*) as followers, 0 as following from user_follows group by followee_id
                union all select follower_id, 0, count(*) from user_follows group by follower_id) c
              group by id`,
      },
      {
        // the work whose detail is measured: 200 top-level comments
        name: 'comments',
        sql: `with c as (insert into comments (work_id, author_id, text, created_at)
                select ${wid('3')}, ${uid(`1 + r % ${users}`)}, 'Comment ' || r, now() - (r || ' minutes')::interval from generate_series(1, 200) r returning work_id)
              update works set comment_count = (select count(*) from c) where id = ${wid('3')}`,
      },
      // what autovacuum would have done by the time anyone reads: statistics and the visibility map (index-only scans)
      { name: 'vacuum analyze', sql: 'vacuum analyze' },
    ],
    checks: `select (select count(*) from work_likes) as likes, (select sum(like_count) from works) as like_counters,
                    (select count(*) from user_follows) as follows, (select sum(followers) from follow_counts) as follower_counters,
                    (select count(*) from works) as works, (select count(*) from users) as users`,
    detailWorkId: wid('3'),
  };
}

/** The HTTP floor (bench/floor-server.ts) in a process of its own, as the app is. */
async function startFloor(answers: Record<string, string>) {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'starlit-floor-')), 'answers.json');
  fs.writeFileSync(file, JSON.stringify(answers));
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'bench/floor-server.ts')], {
    cwd: ROOT,
    env: { ...process.env, FLOOR_ANSWERS: file },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const origin = await new Promise<string>((resolve, reject) => {
    child.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString().trim()));
    child.once('exit', (code) => reject(new Error(`the floor server exited (${code})`)));
  });
  return {
    origin,
    stop: async () => {
      await stopServer(child);
      fs.rmSync(path.dirname(file), { recursive: true, force: true });
    },
  };
}

/** `total` calls of `task` from `clients` concurrent clients; each call's latency in ms. */
async function load(clients: number, total: number, task: () => Promise<void>): Promise<number[]> {
  const times: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (next++ < total) {
        const began = performance.now();
        await task();
        times.push(performance.now() - began);
      }
    }),
  );
  return times;
}

export async function feed() {
  const scale = Number(process.env.BENCH_FEED_SCALE ?? 1);
  const clients = Number(process.env.BENCH_FEED_CLIENTS ?? 64);
  const requests = Number(process.env.BENCH_FEED_REQUESTS ?? 2000);
  const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const database = await freshPostgres(serverUrl);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'starlit-bench-feed-'));
  const logFile = path.join(ROOT, 'bench/results/feed-server.log');
  fs.mkdirSync(path.dirname(logFile), { recursive: true });
  // the app's driver set-up: its pool size and its prepared statements (db/prepared.ts)
  const raw = new pg.Pool({ connectionString: database.url, max: APP_POOL, Client: PreparingClient });
  // an idle connection closed by the server (the drop at the end) is no failure of the run
  raw.on('error', (err) => console.error(`raw pool: ${err.message}`));
  let child: Awaited<ReturnType<typeof startServer>>['child'] | null = null;
  let stopFloor: (() => Promise<void>) | null = null;
  try {
    // the server migrates the new database; no chat provider is needed
    const server = await startServer('http://127.0.0.1:9', dataDir, database.url, logFile);
    child = server.child;
    const { origin } = server;
    const b = new Browser();
    const back = await signUpThroughPassport(b, origin, `bench_viewer_${randomBytes(3).toString('hex')}`);
    const session = await exchange(b, origin, back.code, back.state);
    if (session.code !== 0) throw new Error(`sign-in failed: ${session.message}`);
    const { token, userId } = session.data;

    const seed = seedStatements(scale, userId);
    const seeding: Record<string, number> = {};
    for (const step of seed.steps) {
      const began = performance.now();
      await raw.query(step.sql);
      seeding[step.name] = round((performance.now() - began) / 1000);
      console.error(`seeded ${step.name} in ${seeding[step.name]} s`);
    }
    const counts = (await raw.query(seed.checks)).rows[0] as Record<string, string>;
    if (counts.likes !== counts.like_counters || counts.follows !== counts.follower_counters) throw new Error(`counters drifted: ${JSON.stringify(counts)}`);
    const detailId = (await raw.query(`select ${seed.detailWorkId} as id`)).rows[0].id as string;

    // the same SQL the app runs, rendered by its own repository
    const works = worksRepository(drizzle(raw, { schema, casing: 'snake_case' }));
    const dialect = new PgDialect();
    const render = (query: SQL) => dialect.sqlToQuery(query);
    const searchText = '星空';
    // the queries the app's own repositories send for a page, recorded as they run once
    const recorded = async (run: (db: Db) => Promise<unknown>) => {
      const seen: Array<{ sql: string; params: unknown[] }> = [];
      await run(drizzle(raw, { schema, casing: 'snake_case', logger: { logQuery: (text, params) => void seen.push({ sql: text, params }) } }));
      return seen;
    };
    // works.get reads the work with the viewer's reactions; comments.list checks the work and reads one page of threads
    const detailQueries = await recorded(async (db) => {
      await worksRepository(db).byId(detailId, userId);
      await worksRepository(db).byId(detailId);
      await commentsRepository(db).threadPage(userId, detailId, { order: 'newest', cursor: null, limit: 20 }, COMMENT_LIMITS.previewReplies);
    });
    // each page is what the browser asks for it, one call after another, against the same reads in raw SQL
    const pages = [
      { name: 'home recommend', calls: [{ path: calls.home.feed.path, input: { tab: 'recommend', limit: 20 } }], raw: [render(works.recommendRows(userId, null, 20))] },
      {
        name: 'my following (500 accounts)',
        calls: [{ path: calls.home.feed.path, input: { tab: 'following', limit: 20 } }],
        raw: [render(works.following(followingFeedSql(userId), userId, null, 20))],
      },
      {
        name: 'work detail (200 comments)',
        calls: [
          { path: calls.works.get.path, input: { id: detailId } },
          { path: calls.comments.list.path, input: { workId: detailId, order: 'newest', limit: 20 } },
        ],
        raw: detailQueries,
      },
      { name: 'search works', calls: [{ path: calls.search.search.path, input: { q: searchText, type: 'works', limit: 20 } }], raw: [render(works.searchRows(searchText, userId, null, 20))] },
    ];

    const answers: Record<string, string> = {};
    const post = async (callPath: string, input: unknown, at = origin) => {
      const body = JSON.stringify(input);
      const res = await fetch(`${at}${callPath}`, { method: 'POST', headers: { 'content-type': 'application/json', token }, body });
      const text = await res.text();
      const envelope = JSON.parse(text) as { code: number; message: string; data: { items?: unknown[] } };
      if (envelope.code !== 0) throw new Error(`${callPath} answered ${envelope.code}: ${envelope.message}`);
      if (at === origin) answers[`${callPath} ${body}`] = text;
      return envelope.data;
    };
    // each call's answer as the app gave it, so the floor replays bytes of the same size
    for (const page of pages) for (const c of page.calls) await post(c.path, c.input);
    const floor = await startFloor(answers);
    stopFloor = floor.stop;

    const results: Record<string, unknown> = {};
    const plans: Record<string, string[]> = {};
    let allMet = true;
    for (const page of pages) {
      // answers the last call's data: the list a page shows below its header
      const runApp = async (at = origin) => {
        let last: Awaited<ReturnType<typeof post>> | null = null;
        for (const c of page.calls) last = await post(c.path, c.input, at);
        return last;
      };
      const first = await runApp();
      const runFloor = async () => void (await runApp(floor.origin));
      const runRaw = async () => {
        for (const q of page.raw) await raw.query(q.sql, q.params as unknown[]);
      };
      // warm both sides (JIT, plans, connections)
      await load(clients, clients * 2, async () => void (await runApp()));
      await load(clients, clients * 2, runRaw);
      await load(clients, clients * 2, runFloor);
      const cpuBefore = cpuMsOf(server.child.pid as number);
      const app = await load(clients, requests, async () => void (await runApp()));
      // the server's own CPU per page: what the app adds on its side, whatever else the machine runs
      const serverCpuMsPerPage = round((cpuMsOf(server.child.pid as number) - cpuBefore) / requests);
      const direct = await load(clients, requests, runRaw);
      const bare = await load(clients, requests, runFloor);
      const appP99 = pct(app, 0.99);
      const rawP99 = pct(direct, 0.99);
      const met = appP99 <= TARGETS.appP99Ms && appP99 <= rawP99 * TARGETS.appOverRawP99;
      allMet &&= met;
      results[page.name] = {
        items: Array.isArray(first?.items) ? first.items.length : 1,
        appP50Ms: pct(app, 0.5),
        appP99Ms: appP99,
        rawP50Ms: pct(direct, 0.5),
        rawP99Ms: rawP99,
        appOverRawP99: round(appP99 / rawP99),
        // the same calls answered by a bare Fastify process with the app's bytes: HTTP and the clients alone
        floorP50Ms: pct(bare, 0.5),
        floorP99Ms: pct(bare, 0.99),
        serverCpuMsPerPage,
        met,
      };
      console.error(`${page.name}: ${JSON.stringify(results[page.name])}`);
      plans[page.name] = [];
      for (const q of page.raw) {
        const plan = await raw.query(`explain (analyze, buffers) ${q.sql}`, q.params as unknown[]);
        plans[page.name].push(plan.rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n'));
      }
    }
    for (const [name, list] of Object.entries(plans)) console.error(`\n=== ${name}\n${list.join('\n---\n')}`);
    return { scale, clients, requests, seedSeconds: seeding, counts, targets: TARGETS, pages: results, allMet, plans, cpus: os.cpus().length, loadAverage: os.loadavg()[0] };
  } finally {
    await stopFloor?.();
    if (child) await stopServer(child);
    await raw.end().catch((err: Error) => console.error(`raw pool: ${err.message}`));
    if (process.env.BENCH_FEED_KEEP === '1') console.error(`kept ${database.url}`);
    else await database.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
