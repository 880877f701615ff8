import {
  type CREATION_STYLES,
  DAILY_TASK_FIELDS,
  DAILY_TASK_LIMITS,
  ErrorCode,
  type CallInput,
  type calls,
  type DailyTaskType,
  type ErrorCodeValue,
  type ForwardPlatform,
  type SongGenre,
  type TaskScene,
} from '@starlit/contract';

export type Style = (typeof CREATION_STYLES)[number];

/** What the form holds while the person fills it in: every type's fields, kept across tab switches. */
export interface TaskDraft {
  description: string;
  introduction: string;
  agentId: string;
  style: Style | '';
  scene: TaskScene | '';
  /** text_to_song's genre, or text_to_dance's when it composes. */
  genre: SongGenre | '';
  /** text_to_dance: compose a song, or dance to one of my finished text2Music pieces. */
  songSource: 'compose' | 'mine';
  songCreationId: string;
  /** comic_to_video: make a comic now, or use one of my finished comics. */
  comicSource: 'new' | 'mine';
  comicTaskId: string;
  publishType: 'immediate' | 'scheduled';
  /** A `datetime-local` value read at UTC+8, as every time in the app is shown (SPEC §9). */
  publishAt: string;
  forward: ForwardPlatform[];
}

export type DraftField = 'description' | 'introduction' | 'agent' | 'style' | 'song' | 'scene' | 'comic' | 'publishAt';
export type Need = 'required' | 'optional' | 'none';

const HOUR_MS = 3_600_000;
const ZONE_MS = 8 * HOUR_MS;

/** A moment as a `datetime-local` value at UTC+8 (minutes). */
export function localValue(ms: number): string {
  return new Date(ms + ZONE_MS).toISOString().slice(0, 16);
}

/** A `datetime-local` value read at UTC+8, as milliseconds; NaN when it is not a time. */
export function fromLocalValue(value: string): number {
  return /^\d{4}-\d\d-\d\dT\d\d:\d\d$/.test(value) ? Date.parse(`${value}:00+08:00`) : Number.NaN;
}

export const emptyDraft = (now: number): TaskDraft => ({
  description: '',
  introduction: '',
  agentId: '',
  style: '',
  scene: '',
  genre: '',
  songSource: 'compose',
  songCreationId: '',
  comicSource: 'new',
  comicTaskId: '',
  publishType: 'immediate',
  publishAt: localValue(now + HOUR_MS),
  forward: [],
});

/**
 * Which fields a type needs, as the server reads DAILY_TASK_FIELDS: a comic_to_video that makes
 * its comic needs that comic's style and scene; one made from my comic needs the comic.
 */
export function needsOf(type: DailyTaskType, draft: Pick<TaskDraft, 'comicSource'>): Record<'agent' | 'style' | 'song' | 'scene' | 'comic', Need> {
  const fields = DAILY_TASK_FIELDS[type];
  if (type !== 'comic_to_video') return fields;
  return draft.comicSource === 'new' ? { ...fields, style: 'required', scene: 'required', comic: 'none' } : { ...fields, style: 'none', scene: 'none', comic: 'required' };
}

/**
 * The form's problems by field, with the codes the server answers for them (9005–9012, 9019,
 * 9007, 9008), so the page words them as the server would. Empty when the form can be sent.
 */
export function problemsOf(type: DailyTaskType, draft: TaskDraft, context: { now: number; scheduledRemaining: number }): Partial<Record<DraftField, ErrorCodeValue>> {
  const needs = needsOf(type, draft);
  const problems: Partial<Record<DraftField, ErrorCodeValue>> = {};
  if (!draft.description.trim()) problems.description = ErrorCode.DAILY_TASK_DESCRIPTION;
  if (!draft.introduction.trim()) problems.introduction = ErrorCode.DAILY_TASK_INTRODUCTION;
  if (needs.agent === 'required' && !draft.agentId) problems.agent = ErrorCode.DAILY_TASK_AGENT_REQUIRED;
  if (needs.style === 'required' && !draft.style) problems.style = ErrorCode.DAILY_TASK_STYLE_REQUIRED;
  const songMissing = type === 'text_to_song' ? !draft.genre : type === 'text_to_dance' && draft.songSource === 'mine' && !draft.songCreationId;
  if (songMissing) problems.song = ErrorCode.DAILY_TASK_SONG_REQUIRED;
  if (needs.scene === 'required' && !draft.scene) problems.scene = ErrorCode.DAILY_TASK_SCENE_REQUIRED;
  if (needs.comic === 'required' && !draft.comicTaskId) problems.comic = ErrorCode.DAILY_TASK_COMIC_NOT_FOUND;
  if (draft.publishType === 'scheduled') {
    const ahead = fromLocalValue(draft.publishAt) - context.now;
    if (!(ahead >= DAILY_TASK_LIMITS.scheduleMinMs && ahead <= DAILY_TASK_LIMITS.scheduleMaxDays * 86_400_000)) problems.publishAt = ErrorCode.DAILY_TASK_PUBLISH_TIME;
    else if (context.scheduledRemaining <= 0) problems.publishAt = ErrorCode.DAILY_TASK_SCHEDULE_FULL;
  }
  return problems;
}

export type TaskRequest = Omit<CallInput<typeof calls.dailyTasks.create>, 'key'>;

/** The call's input for a type: only the fields the type uses, as the server keeps them. */
export function requestOf(type: DailyTaskType, draft: TaskDraft): TaskRequest {
  const needs = needsOf(type, draft);
  const uses = (field: keyof typeof needs) => needs[field] !== 'none';
  const song =
    type === 'text_to_song' && draft.genre
      ? ({ source: 'compose', genre: draft.genre } as const)
      : type === 'text_to_dance'
        ? draft.songSource === 'mine'
          ? draft.songCreationId
            ? ({ source: 'creation', creationId: draft.songCreationId } as const)
            : undefined
          : draft.genre
            ? ({ source: 'compose', genre: draft.genre } as const)
            : undefined
        : undefined;
  return {
    type,
    description: draft.description,
    introduction: draft.introduction,
    ...(draft.agentId ? { agentId: draft.agentId } : {}),
    ...(uses('style') && draft.style ? { style: draft.style } : {}),
    ...(song ? { song } : {}),
    ...(uses('scene') && draft.scene ? { scene: draft.scene } : {}),
    ...(uses('comic') && draft.comicTaskId ? { comicTaskId: draft.comicTaskId } : {}),
    publishType: draft.publishType,
    ...(draft.publishType === 'scheduled' ? { publishAt: new Date(fromLocalValue(draft.publishAt)).toISOString() } : {}),
    forward: draft.forward,
  };
}
