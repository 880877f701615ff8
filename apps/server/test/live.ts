import { randomUUID } from 'node:crypto';
import { calls, type CallInput, type LiveEvent } from '@starlit/contract';
import { eventReader, type RawEvent } from '@starlit/contract/sse';
import { renderTempoTrack } from '../src/ai/music/song.ts';
import { encodeWav } from '../src/ai/music/wav.ts';
import { inventory, works } from '../src/db/schema/index.ts';
import { buildAgent, buildStoreItem, buildUser } from './factories.ts';
import type { SignedIn, TestServer } from './server.ts';

/** A 120 bpm piece of `seconds`, as a WAV: a song whose length is known. */
export function songWav(seconds = 6): Buffer {
  const song = renderTempoTrack(120, seconds);
  return encodeWav(song.samples, song.sampleRate);
}

/** A Music item `owner` owns, whose recording is a `seconds` long WAV. */
export async function ownedMusic(t: TestServer, owner: SignedIn, seconds = 6) {
  const preview = await t.starlit.storage.put(`seed/store/live-${randomUUID()}.wav`, songWav(seconds), 'audio/wav');
  const item = await buildStoreItem(t, { category: 'Music', preview, nameEn: 'Night Drive', nameZhTw: '夜間兜風' });
  await t.starlit.database.db.insert(inventory).values({ userId: owner.userId, itemId: item.id });
  return item;
}

/** A Scene item, owned by `owner` when given. */
export async function sceneItem(t: TestServer, owner?: SignedIn) {
  const item = await buildStoreItem(t, { category: 'Scene', nameEn: 'Neon Club', nameZhTw: '霓虹俱樂部' });
  if (owner) await t.starlit.database.db.insert(inventory).values({ userId: owner.userId, itemId: item.id });
  return item;
}

/** A published dance work of `owner`: its moves and song as the studio keeps them, 8 s at 120 bpm. */
export async function danceWork(t: TestServer, owner: SignedIn) {
  const id = randomUUID();
  const song = await t.starlit.storage.put(`works/live-${id}.wav`, songWav(8), 'audio/wav');
  const dance = await t.starlit.storage.put(`works/live-${id}.vrma`, Buffer.from('glTF'), 'model/gltf-binary');
  const [row] = await t.starlit.database.db
    .insert(works)
    .values({
      authorId: owner.userId,
      kind: 'dance',
      name: 'Moonwalk',
      category: 'Dance',
      media: dance,
      isPublic: true,
      publishedAt: new Date(),
      creationFiles: [
        { role: 'dance', url: dance, mime: 'model/gltf-binary' },
        { role: 'song', url: song, mime: 'audio/wav' },
      ],
      creationFacts: { seconds: 8, bpm: 120 },
    })
    .returning();
  return row;
}

/** An owner with a published public agent, a dance work and a Music item: what a show needs. */
export async function liveOwner(t: TestServer, nickname = 'Nova') {
  const owner = await buildUser(t);
  const agent = await buildAgent(t, { owner, nickname });
  const dance = await danceWork(t, owner);
  const music = await ownedMusic(t, owner);
  return { owner, agent, dance, music };
}

export type LiveOwner = Awaited<ReturnType<typeof liveOwner>>;

/** Starts a show of the owner's agent with both tracks on the default stage. */
export function startShow(t: TestServer, o: LiveOwner, fields: Partial<CallInput<typeof calls.live.start>> = {}) {
  return t.ok(
    calls.live.start,
    {
      agentId: o.agent.id,
      title: 'Friday night dance',
      cover: null,
      sceneId: 'stage',
      playlist: [
        { kind: 'work', id: o.dance.id },
        { kind: 'item', id: o.music.id },
      ],
      greeting: '',
      chatPolicy: 'everyone',
      slowModeSeconds: 0,
      ...fields,
    },
    { as: o.owner },
  );
}

let keys = 0;
export const liveKey = () => `lk_${Date.now().toString(36)}_${keys++}`;

/** A show's event stream read as a viewer's page reads it. */
export async function openShow(address: string, showId: string, opts: { as?: SignedIn; after?: number } = {}) {
  const controller = new AbortController();
  const url = `${address}/ai/live/${showId}/stream${opts.after !== undefined ? `?after=${opts.after}` : ''}`;
  const res = await fetch(url, { headers: opts.as ? { token: opts.as.token } : {}, signal: controller.signal });
  const take = eventReader();
  const seen: RawEvent[] = [];
  let ended = false;
  const pump = (async () => {
    if (!res.ok || !res.body) return;
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    try {
      for (;;) {
        const read = await reader.read();
        if (read.done) break;
        seen.push(...take(read.value));
      }
    } catch {
      // aborted by the test
    }
    ended = true;
  })();
  const events = () => seen.filter((e) => e.event === 'event').map((e) => JSON.parse(e.data) as LiveEvent);
  return {
    status: res.status,
    body: res.ok ? null : ((await res.json()) as { code: number }),
    events,
    frames: () => [...seen],
    ended: () => ended,
    /** Waits until `check` holds for the events read (up to `timeoutMs`). */
    async until(check: (events: LiveEvent[]) => boolean, what = 'the events awaited', timeoutMs = 10_000): Promise<LiveEvent[]> {
      for (let i = 0; i < timeoutMs / 25; i++) {
        if (check(events())) return events();
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      throw new Error(`${what} never came (read: ${seen.map((e) => e.event).join(', ')})`);
    },
    async close() {
      controller.abort();
      await pump;
    },
  };
}

export const listen = (t: TestServer) => t.starlit.app.listen({ port: 0, host: '127.0.0.1' });
