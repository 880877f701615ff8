import { LIVE_DEFAULT_SCENES, type LiveEvent, type LiveShow } from '@starlit/contract';
import type { LiveFrame } from './live-hub.ts';
import type { EventWithPerson, LiveEventRow, LiveShowRow, PersonRow } from './live.repository.ts';

/** The agent on a show's stage, as the agents feature reads it. */
export interface StageAgent {
  id: string;
  nickname: string;
  avatar: string | null;
  avatarKind: '2d' | '3d' | null;
  avatarVrm: string | null;
}

export type ShowWithAgent = { show: LiveShowRow; agent: StageAgent; owner: PersonRow };

/** Someone who deleted their account since: their messages stay, without a name. */
const GONE: PersonRow = { userId: '', userName: '', avatar: null };

/** An event as every viewer sees it: the kept body with its number, time and person. */
export function presentEvent(row: LiveEventRow, user: PersonRow | null): LiveEvent {
  const base = { seq: row.seq, at: row.createdAt.toISOString() };
  const body = row.body as Record<string, unknown>;
  switch (row.kind) {
    case 'chat':
      // a deleted message keeps its place (and number) but not its words
      return { ...base, kind: 'chat', user: user ?? GONE, text: row.deleted ? '' : String(body.text), deleted: row.deleted };
    case 'gift':
      return { ...base, kind: 'gift', user: user ?? GONE, ...(body as Omit<Extract<LiveEvent, { kind: 'gift' }>, 'seq' | 'at' | 'kind' | 'user'>) };
    case 'moderation':
      return { ...base, kind: 'moderation', user, ...(body as Pick<Extract<LiveEvent, { kind: 'moderation' }>, 'action' | 'targetSeq'>) };
    default:
      return { ...base, kind: row.kind, ...body } as LiveEvent;
  }
}

export const presentEvents = (rows: EventWithPerson[]) => rows.map((r) => presentEvent(r.event, r.user));

/** What the hub passes on for an event: its JSON once, and whose streams it ends. */
export function frameOf(event: LiveEvent): LiveFrame {
  const closes = event.kind === 'end' ? 'all' : event.kind === 'moderation' && event.action === 'remove' && event.user ? { userId: event.user.userId } : null;
  return { seq: event.seq, closes, json: JSON.stringify(event) };
}

/** A show in a list. */
export function presentCard(row: ShowWithAgent) {
  const { show, agent, owner } = row;
  return {
    id: show.id,
    title: show.title,
    cover: show.cover ?? agent.avatar,
    agent: { id: agent.id, nickname: agent.nickname, avatar: agent.avatar, vrm: agent.avatarKind === '3d' ? agent.avatarVrm : null },
    owner,
    viewers: show.viewers,
    startedAt: show.startedAt.toISOString(),
  };
}

/** The names of the default stages, in both languages. */
export const DEFAULT_SCENE_NAMES: Record<(typeof LIVE_DEFAULT_SCENES)[number], { en: string; zhTW: string }> = {
  stage: { en: 'Spotlight stage', zhTW: '聚光舞台' },
  starry: { en: 'Starry night', zhTW: '星空之夜' },
  sunset: { en: 'Sunset beach', zhTW: '夕陽海灘' },
};

export const defaultScenes = () => LIVE_DEFAULT_SCENES.map((id) => ({ id, kind: 'default' as const, name: DEFAULT_SCENE_NAMES[id], cover: null }));

export function presentSummary(show: LiveShowRow, topGivers: LiveShow['board']) {
  const end = show.endedAt ?? new Date();
  return {
    peakViewers: show.peakViewers,
    messages: show.messages,
    gifts: show.gifts,
    diamonds: show.diamonds,
    points: show.points,
    seconds: Math.max(0, Math.round((end.getTime() - show.startedAt.getTime()) / 1000)),
    topGivers,
  };
}
