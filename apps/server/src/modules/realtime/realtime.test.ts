import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestInstances, startTestServer, type TestServer } from '../../../test/server.ts';
import { MAX_STREAMS_PER_USER } from './realtime.routes.ts';
import { STREAM_LEASE_MS, streamLeasesKey } from './stream-slots.ts';

/** Opens a stream and waits for its first bytes; answers the status and how to close it. */
async function openStream(address: string, token: string) {
  const controller = new AbortController();
  const res = await fetch(`${address}/ai/realtime`, { headers: { token }, signal: controller.signal });
  if (res.ok) await res.body!.getReader().read();
  return {
    status: res.status,
    body: res.ok ? null : ((await res.json()) as { code: number; message: string }),
    close: () => controller.abort(),
  };
}

const until = async (check: () => Promise<boolean>) => {
  for (let i = 0; i < 100; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('condition never held');
};

const listen = (t: TestServer) => t.starlit.app.listen({ port: 0, host: '127.0.0.1' });

describe('open realtime streams per user', () => {
  let t: TestServer;
  let address: string;
  beforeAll(async () => {
    t = await startTestServer();
    address = await listen(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it(`allows ${MAX_STREAMS_PER_USER}, refuses one more with 429, and frees a slot when a stream closes`, async () => {
    const u = await t.user();
    const other = await t.user();
    const streams = [];
    for (let i = 0; i < MAX_STREAMS_PER_USER; i++) streams.push(await openStream(address, u.token));
    expect(streams.map((s) => s.status)).toEqual(Array(MAX_STREAMS_PER_USER).fill(200));
    const refused = await openStream(address, u.token);
    expect(refused.status).toBe(429);
    expect(refused.body?.code).toBe(429);
    // another user is not affected
    const theirs = await openStream(address, other.token);
    expect(theirs.status).toBe(200);
    streams[0]!.close();
    await until(async () => {
      const again = await openStream(address, u.token);
      if (again.status === 200) streams.push(again);
      return again.status === 200;
    });
    for (const s of [...streams, theirs]) s.close();
    // every slot comes back once the client has gone
    await until(async () => {
      const opened = [];
      for (let i = 0; i < MAX_STREAMS_PER_USER; i++) opened.push(await openStream(address, u.token));
      for (const s of opened) s.close();
      return opened.every((s) => s.status === 200);
    });
  });
});

// Instances share streams through Redis, and users through PostgreSQL (PGlite is one process's).
describe.runIf(process.env.DATABASE_URL && process.env.REDIS_URL)('open realtime streams per user across instances', () => {
  let group: Awaited<ReturnType<typeof startTestInstances>>;
  let a: string;
  let b: string;
  let redis: Redis;
  beforeAll(async () => {
    redis = new Redis(process.env.REDIS_URL!);
    group = await startTestInstances(2);
    a = await listen(group.instances[0]!);
    b = await listen(group.instances[1]!);
  });
  afterAll(async () => {
    await group?.close();
    redis?.disconnect();
  });

  it('counts the streams of every instance, and a closed one frees its slot on the others', async () => {
    const u = await group.instances[0]!.user();
    const streams = [];
    for (let i = 0; i < MAX_STREAMS_PER_USER; i++) streams.push(await openStream(a, u.token));
    expect(streams.map((s) => s.status)).toEqual(Array(MAX_STREAMS_PER_USER).fill(200));
    const refused = await openStream(b, u.token);
    expect(refused.status).toBe(429);
    expect(refused.body?.code).toBe(429);
    streams[0]!.close();
    await until(async () => {
      const again = await openStream(b, u.token);
      if (again.status === 200) streams.push(again);
      return again.status === 200;
    });
    expect((await openStream(a, u.token)).status).toBe(429);
    for (const s of streams) s.close();
  });

  it('does not count the leases of an instance that died without closing its streams', async () => {
    const u = await group.instances[0]!.user();
    // what a crashed instance leaves: leases nobody refreshes any more, their expiry passed
    const expired = Date.now() - STREAM_LEASE_MS;
    const dead = Array.from({ length: MAX_STREAMS_PER_USER }, (_, i) => [expired, `dead-${i}`]).flat();
    await redis.zadd(streamLeasesKey(group.redisPrefix, u.userId), ...dead);
    const streams = [];
    for (let i = 0; i < MAX_STREAMS_PER_USER; i++) streams.push(await openStream(i % 2 ? a : b, u.token));
    expect(streams.map((s) => s.status)).toEqual(Array(MAX_STREAMS_PER_USER).fill(200));
    // the live ones still count
    expect((await openStream(a, u.token)).status).toBe(429);
    for (const s of streams) s.close();
  });
});
