import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ErrorCode, type LiveTrack } from '@starlit/contract';
import { audioSeconds } from '../../ai/video/audio-length.ts';
import type { StoreItemRow } from '../store/store.repository.ts';
import { AppError } from '../../platform/errors.ts';
import type { Storage } from '../../platform/storage.ts';
import type { WorkRow } from '../works/works.repository.ts';

/** Works a playlist offers at most (the newest). */
const WORKS_OFFERED = 100;

export interface TrackSources {
  /** Music items the person owns. */
  ownedMusic(userId: string): Promise<StoreItemRow[]>;
  ownedItem(userId: string, itemId: string): Promise<StoreItemRow | null>;
  /** The person's music and dance works, newest first. */
  playableWorks(userId: string, limit: number): Promise<WorkRow[]>;
  work(id: string): Promise<WorkRow | null>;
}

type Candidate = Omit<LiveTrack, 'seconds'> & { seconds: number | null };

const fileUrl = (work: WorkRow, role: string) => work.creationFiles?.find((f) => f.role === role)?.url ?? null;

/** A work as a track: a dance plays its song with its moves, a music work its recording. */
function workTrack(work: WorkRow): Candidate | null {
  const source = { kind: 'work' as const, id: work.id };
  const seconds = work.creationFacts?.seconds ?? null;
  const bpm = work.creationFacts?.bpm ?? null;
  if (work.kind === 'dance') {
    const song = fileUrl(work, 'song');
    const dance = fileUrl(work, 'dance') ?? work.media;
    return song && dance ? { source, title: work.name, cover: work.cover, audio: song, dance, seconds, bpm } : null;
  }
  if (work.kind === 'audio' && work.media) return { source, title: work.name, cover: work.cover, audio: work.media, dance: null, seconds, bpm };
  return null;
}

function itemTrack(item: StoreItemRow, lang: 'en' | 'zhTW'): Candidate | null {
  if (item.category !== 'Music' || !item.preview) return null;
  return { source: { kind: 'item', id: item.id }, title: lang === 'zhTW' ? item.nameZhTw : item.nameEn, cover: item.cover, audio: item.preview, dance: null, seconds: null, bpm: null };
}

/**
 * The tracks a show can play (docs/live.md, Playlist): the owner's Music items, music works and
 * dance works. A track's length comes from the work's figures, or is measured once from its
 * file (kept in memory: a stored file never changes under its address).
 */
export function liveTracks(deps: { sources: TrackSources; storage: Storage }) {
  const lengths = new Map<string, number>();

  async function secondsOf(url: string): Promise<number | null> {
    const known = lengths.get(url);
    if (known !== undefined) return known;
    const key = deps.storage.keyOf(url);
    const bytes = key ? await deps.storage.read(key) : null;
    if (!bytes) return null;
    const dir = await mkdtemp(join(tmpdir(), 'starlit-live-'));
    try {
      const file = join(dir, 'track');
      await writeFile(file, bytes);
      const seconds = await audioSeconds(bytes, file);
      lengths.set(url, seconds);
      return seconds;
    } catch {
      return null;
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  async function measured(c: Candidate): Promise<LiveTrack | null> {
    const seconds = c.seconds ?? (await secondsOf(c.audio));
    return seconds && seconds > 0 ? { ...c, seconds } : null;
  }

  return {
    /** Everything the person may put in a playlist, playable ones only. */
    async offered(userId: string, lang: 'en' | 'zhTW'): Promise<LiveTrack[]> {
      const items = (await deps.sources.ownedMusic(userId)).map((i) => itemTrack(i, lang));
      const works = (await deps.sources.playableWorks(userId, WORKS_OFFERED)).map(workTrack);
      const tracks: LiveTrack[] = [];
      for (const c of [...items, ...works]) {
        const track = c ? await measured(c) : null;
        if (track) tracks.push(track);
      }
      return tracks;
    },

    /** The tracks a playlist names, in its order; 9506 for one the person may not play, 9517 for one that cannot be played. */
    async resolve(userId: string, sources: Array<{ kind: 'item' | 'work'; id: string }>, lang: 'en' | 'zhTW'): Promise<LiveTrack[]> {
      const tracks: LiveTrack[] = [];
      for (const source of sources) {
        let candidate: Candidate | null = null;
        if (source.kind === 'item') {
          const item = await deps.sources.ownedItem(userId, source.id);
          candidate = item ? itemTrack(item, lang) : null;
        } else {
          const work = await deps.sources.work(source.id);
          candidate = work && work.authorId === userId ? workTrack(work) : null;
        }
        if (!candidate) throw new AppError(ErrorCode.LIVE_TRACK_NOT_OWNED);
        const track = await measured(candidate);
        if (!track) throw new AppError(ErrorCode.LIVE_TRACK_UNREADABLE);
        tracks.push(track);
      }
      return tracks;
    },
  };
}

export type LiveTracks = ReturnType<typeof liveTracks>;
