// What the tests of background generation jobs (avatars, creations) share: a data folder per
// app, and an OpenAI-compatible image provider that can be made to fail or hang.
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';

/** Temporary data folders, removed together by `cleanup`. */
export function tempDirs(prefix: string) {
  const dirs: string[] = [];
  return {
    async make() {
      const dir = await fs.mkdtemp(path.join(os.tmpdir(), prefix));
      dirs.push(dir);
      return dir;
    },
    cleanup: () => Promise.all(dirs.splice(0).map((d) => fs.rm(d, { recursive: true, force: true }))),
  };
}

/**
 * A local OpenAI-compatible image server answering a small picture: it fails with 500 while
 * `down`, never answers while `hang`, and counts the requests it got.
 */
export async function flakyImageProvider() {
  const state = { down: false, hang: false, calls: 0 };
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', async () => {
      state.calls++;
      if (state.hang) return;
      if (state.down) return res.writeHead(500).end('{"error":{"message":"overloaded"}}');
      const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#6fe3ff' } })
        .png()
        .toBuffer();
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data: [{ b64_json: png.toString('base64') }] }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    state,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}
