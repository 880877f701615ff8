import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { calls } from '@starlit/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAgent, buildUser, giveAgentVoice } from '../../../test/factories.ts';
import { startTestServer, type SignedIn, type TestServer } from '../../../test/server.ts';
import { conversations } from '../../db/schema/index.ts';
import { ORPHAN_GRACE_MS } from '../../platform/storage-sweep.ts';

/** Voice takes (spoken messages, eSpeak) live as long as their conversation: deleted with it, or swept as orphans. */

let t: TestServer;
let dataDir: string;
let me: SignedIn;
let agentId: string;

const status = async (url: string) => (await t.starlit.app.inject({ method: 'GET', url })).statusCode;
const mediaFile = (url: string) => path.join(dataDir, 'media', url.slice('/media/'.length));

/** Makes a file as old as `ageMs`, as if it had been written then. */
async function age(url: string, ageMs: number) {
  const then = new Date(Date.now() - ageMs);
  await fs.utimes(mediaFile(url), then, then);
}

/** A new conversation of mine with the agent, and the take of its opening line. */
async function spokenConversation(regenerate = false) {
  const chat = await t.ok(calls.chat.open, { agentId, fresh: true }, { as: me });
  const messageId = chat.messages[0].id;
  let take = await t.ok(calls.chat.voice, { messageId }, { as: me });
  const first = take.voice;
  if (regenerate) take = await t.ok(calls.chat.voice, { messageId, regenerate: true }, { as: me });
  expect(await status(take.voice)).toBe(200);
  return { id: chat.id, take: take.voice, first };
}

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'starlit-chat-voice-'));
  t = await startTestServer({ DATA_DIR: dataDir });
  me = await buildUser(t);
  agentId = (await buildAgent(t)).id;
  await giveAgentVoice(t, agentId);
});

afterAll(async () => {
  await t?.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe('voice takes', () => {
  it('a deleted conversation’s takes answer 404; the other conversations’ stay', async () => {
    const gone = await spokenConversation(true);
    const kept = await spokenConversation();
    expect(await t.ok(calls.chat.remove, { conversationIds: [gone.id] }, { as: me })).toMatchObject({ deleted: 1 });
    expect(await status(gone.take)).toBe(404);
    expect(await status(gone.first)).toBe(404);
    expect(await status(kept.take)).toBe(200);
  });

  it('the orphan sweep deletes old takes no message plays, and keeps those still played and fresh ones', async () => {
    const old = ORPHAN_GRACE_MS + 60_000;
    const live = await spokenConversation(true);
    // a conversation whose deletion stopped before its files went
    const deleted = await spokenConversation();
    await t.starlit.database.db.update(conversations).set({ deletedAt: new Date() }).where(eq(conversations.id, deleted.id));
    const fresh = await spokenConversation(true);
    for (const url of [live.take, live.first, deleted.take]) await age(url, old);

    expect(await t.starlit.services.media.sweep()).toBeGreaterThanOrEqual(2);
    // the take a regeneration replaced, and the deleted conversation's
    expect(await status(live.first)).toBe(404);
    expect(await status(deleted.take)).toBe(404);
    for (const url of [live.take, fresh.take, fresh.first]) expect(await status(url), url).toBe(200);
  });
});
