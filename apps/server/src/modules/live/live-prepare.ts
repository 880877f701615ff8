import type { LiveTrack } from '@starlit/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { DanceModel } from '../../ai/dance/index.ts';
import { songType } from '../../ai/dance/song.ts';
import type { Db } from '../../db/client.ts';
import type { Storage } from '../../platform/storage.ts';
import type { LiveLog } from './live-log.ts';
import { LIVE_FOLDER, liveRepository } from './live.repository.ts';

/**
 * Dances the songs of a show that came without moves (Music items and music works), one at a
 * time, with the studio's dance engine and the agent's model (docs/live.md, Playlist). Each
 * dance joins the playlist as it is ready and viewers get the new playlist; until then the agent
 * sways to the beat. A song danced already (a job's second attempt) is not danced again.
 */
export function livePrepare(deps: {
  db: Db;
  storage: Storage;
  danceModel: DanceModel;
  events: LiveLog;
  modelOf(agentId: string): Promise<{ name: string; vrm: Buffer | null }>;
  log: FastifyBaseLogger;
}) {
  return async function prepare(showId: string, signal: AbortSignal): Promise<void> {
    const show = await liveRepository(deps.db).byId(showId);
    if (show?.state !== 'live') return;
    const dancer = await deps.modelOf(show.agentId);
    for (let index = 0; index < show.playlist.length; index++) {
      const track = show.playlist[index];
      if (track.dance !== null) continue;
      // ended meanwhile: nobody will see the rest
      if ((await liveRepository(deps.db).byId(showId))?.state !== 'live') return;
      const key = deps.storage.keyOf(track.audio);
      const audio = key ? await deps.storage.read(key) : null;
      if (!audio) {
        deps.log.warn({ showId, index }, 'live track song missing: it plays without a dance');
        continue;
      }
      let made: Awaited<ReturnType<DanceModel['dance']>>;
      try {
        made = await deps.danceModel.dance({ audio, contentType: songType(audio) ?? 'audio/mpeg', character: dancer, seed: `${showId}:${index}` }, { signal });
      } catch (err) {
        if (signal.aborted) throw err;
        // one song the engine cannot dance keeps its sway; the others still get their dances
        deps.log.warn({ err, showId, index }, 'live track not danced');
        continue;
      }
      const dance = await deps.storage.put(`${LIVE_FOLDER}${showId}/track-${index}.vrma`, made.vrma, 'model/gltf-binary');
      await deps.events.commit(showId, async (tx) => {
        const r = liveRepository(tx);
        const locked = await r.lock(showId);
        if (locked?.state !== 'live') return { result: null, events: [] };
        const playlist: LiveTrack[] = locked.playlist.map((t, i) => (i === index ? { ...t, dance, bpm: made.bpm ?? t.bpm } : t));
        await r.update(showId, { playlist });
        return { result: null, events: [await deps.events.add(tx, showId, { kind: 'playlist', user: null, body: { playlist } })] };
      });
    }
  };
}
