import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/server.ts';
import { MAX_STREAMS_PER_USER } from './realtime.routes.ts';

let t: TestServer;
let address: string;
beforeAll(async () => {
  t = await startTestServer();
  address = await t.starlit.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await t?.close();
});

/** Opens a stream and waits for its first bytes; answers the status and how to close it. */
async function openStream(token: string) {
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

describe('open realtime streams per user', () => {
  it(`allows ${MAX_STREAMS_PER_USER}, refuses one more with 429, and frees a slot when a stream closes`, async () => {
    const u = await t.user();
    const other = await t.user();
    const streams = [];
    for (let i = 0; i < MAX_STREAMS_PER_USER; i++) streams.push(await openStream(u.token));
    expect(streams.map((s) => s.status)).toEqual(Array(MAX_STREAMS_PER_USER).fill(200));
    const refused = await openStream(u.token);
    expect(refused.status).toBe(429);
    expect(refused.body?.code).toBe(429);
    // another user is not affected
    const theirs = await openStream(other.token);
    expect(theirs.status).toBe(200);
    streams[0]!.close();
    await until(async () => {
      const again = await openStream(u.token);
      if (again.status === 200) streams.push(again);
      return again.status === 200;
    });
    for (const s of [...streams, theirs]) s.close();
    // every slot comes back once the client has gone
    await until(async () => {
      const opened = [];
      for (let i = 0; i < MAX_STREAMS_PER_USER; i++) opened.push(await openStream(u.token));
      for (const s of opened) s.close();
      return opened.every((s) => s.status === 200);
    });
  });
});
