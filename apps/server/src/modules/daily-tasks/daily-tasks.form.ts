import { DAILY_TASK_FIELDS, DAILY_TASK_LIMITS, type DailyTaskForm, ErrorCode } from '@starlit/contract';
import { AppError } from '../../platform/errors.ts';

/** A scheduled time within the rules (9008), as a Date. */
export function publishTime(at: string | undefined, now: number): Date {
  const time = at ? Date.parse(at) : Number.NaN;
  const ahead = time - now;
  if (!Number.isFinite(time) || ahead < DAILY_TASK_LIMITS.scheduleMinMs || ahead > DAILY_TASK_LIMITS.scheduleMaxDays * 86_400_000) throw new AppError(ErrorCode.DAILY_TASK_PUBLISH_TIME);
  return new Date(time);
}

/**
 * The form as it is kept: texts trimmed, the fields its type does not use dropped, the ones it
 * needs present (SPEC §5: description and introduction always; agent, style, song and scene by
 * type, DAILY_TASK_FIELDS). A comic_to_video makes a comic (style and scene) unless it names one.
 */
export function normalizedForm(input: DailyTaskForm, now: number): DailyTaskForm {
  const fields = DAILY_TASK_FIELDS[input.type];
  const description = input.description.trim();
  const introduction = input.introduction.trim();
  if (!description) throw new AppError(ErrorCode.DAILY_TASK_DESCRIPTION);
  if (!introduction) throw new AppError(ErrorCode.DAILY_TASK_INTRODUCTION);
  const newComic = input.type === 'comic_to_video' && !input.comicTaskId;
  const needs = (field: 'agent' | 'style' | 'song' | 'scene') => fields[field] === 'required' || (newComic && (field === 'style' || field === 'scene'));
  if (needs('agent') && !input.agentId) throw new AppError(ErrorCode.DAILY_TASK_AGENT_REQUIRED);
  if (needs('style') && !input.style) throw new AppError(ErrorCode.DAILY_TASK_STYLE_REQUIRED);
  if (needs('song') && !input.song) throw new AppError(ErrorCode.DAILY_TASK_SONG_REQUIRED);
  if (needs('scene') && !input.scene) throw new AppError(ErrorCode.DAILY_TASK_SCENE_REQUIRED);
  // a song task composes: its song is a genre, not a recording
  if (input.type === 'text_to_song' && input.song?.source !== 'compose') throw new AppError(ErrorCode.DAILY_TASK_SONG_REQUIRED);
  const kept = (field: 'agent' | 'style' | 'song' | 'scene' | 'comic') => fields[field] !== 'none';
  return {
    type: input.type,
    description,
    introduction,
    ...(input.agentId && kept('agent') ? { agentId: input.agentId } : {}),
    ...(input.style && kept('style') ? { style: input.style } : {}),
    ...(input.song && kept('song') ? { song: input.song } : {}),
    ...(input.scene && kept('scene') ? { scene: input.scene } : {}),
    ...(input.comicTaskId && kept('comic') ? { comicTaskId: input.comicTaskId } : {}),
    publishType: input.publishType,
    ...(input.publishType === 'scheduled' ? { publishAt: publishTime(input.publishAt, now).toISOString() } : {}),
    forward: [...new Set(input.forward)],
  };
}
