import { ErrorCode } from '@starlit/contract';
import { describe, expect, it } from 'vitest';
import { emptyDraft, fromLocalValue, localValue, needsOf, problemsOf, requestOf } from './task-rules';

const now = Date.parse('2025-03-01T04:00:00Z');
const filled = { ...emptyDraft(now), description: 'Luna at the lighthouse', introduction: 'A winter night.', agentId: '6f1c0c52-5a4f-4b8e-9d7a-3c2b1a0f9e8d' };
const context = { now, scheduledRemaining: 5 };

describe('problemsOf', () => {
  it('asks for description and introduction always, then the fields the type needs, with the server codes', () => {
    expect(problemsOf('text_to_image', emptyDraft(now), context)).toEqual({
      description: ErrorCode.DAILY_TASK_DESCRIPTION,
      introduction: ErrorCode.DAILY_TASK_INTRODUCTION,
      agent: ErrorCode.DAILY_TASK_AGENT_REQUIRED,
      style: ErrorCode.DAILY_TASK_STYLE_REQUIRED,
    });
    expect(problemsOf('text_to_comic', filled, context)).toEqual({ style: ErrorCode.DAILY_TASK_STYLE_REQUIRED, scene: ErrorCode.DAILY_TASK_SCENE_REQUIRED });
    expect(problemsOf('text_to_song', filled, context)).toEqual({ song: ErrorCode.DAILY_TASK_SONG_REQUIRED });
    expect(problemsOf('text_to_speech', { ...filled, description: '   ' }, context)).toEqual({ description: ErrorCode.DAILY_TASK_DESCRIPTION });
    // a dance composes in any genre unless the person chose to use a song of theirs
    expect(problemsOf('text_to_dance', filled, context)).toEqual({});
    expect(problemsOf('text_to_dance', { ...filled, songSource: 'mine' }, context)).toEqual({ song: ErrorCode.DAILY_TASK_SONG_REQUIRED });
  });

  it('needs style and scene for a video that makes its comic, the comic for one that uses mine', () => {
    expect(problemsOf('comic_to_video', filled, context)).toEqual({ style: ErrorCode.DAILY_TASK_STYLE_REQUIRED, scene: ErrorCode.DAILY_TASK_SCENE_REQUIRED });
    expect(problemsOf('comic_to_video', { ...filled, comicSource: 'mine' }, context)).toEqual({ comic: ErrorCode.DAILY_TASK_COMIC_NOT_FOUND });
    expect(needsOf('comic_to_video', { comicSource: 'mine' })).toMatchObject({ style: 'none', scene: 'none', comic: 'required' });
  });

  it('keeps a scheduled time between a minute and seven days ahead, and refuses a sixth schedule', () => {
    const at = (ms: number) => ({ ...filled, style: 'anime' as const, publishType: 'scheduled' as const, publishAt: localValue(now + ms) });
    expect(problemsOf('text_to_image', at(0), context)).toEqual({ publishAt: ErrorCode.DAILY_TASK_PUBLISH_TIME });
    expect(problemsOf('text_to_image', at(8 * 86_400_000), context)).toEqual({ publishAt: ErrorCode.DAILY_TASK_PUBLISH_TIME });
    expect(problemsOf('text_to_image', at(3_600_000), context)).toEqual({});
    expect(problemsOf('text_to_image', at(3_600_000), { now, scheduledRemaining: 0 })).toEqual({ publishAt: ErrorCode.DAILY_TASK_SCHEDULE_FULL });
  });
});

describe('times at UTC+8', () => {
  it('shows and reads a moment as UTC+8 wall time', () => {
    expect(localValue(now)).toBe('2025-03-01T12:00');
    expect(fromLocalValue('2025-03-01T12:00')).toBe(now);
    expect(fromLocalValue('')).toBeNaN();
  });
});

describe('requestOf', () => {
  it('sends only the fields the type uses', () => {
    const draft = { ...filled, style: 'anime' as const, scene: 'city' as const, genre: 'rock' as const, comicTaskId: 'x', forward: ['x' as const] };
    expect(requestOf('text_to_speech', draft)).toEqual({
      type: 'text_to_speech',
      description: draft.description,
      introduction: draft.introduction,
      agentId: draft.agentId,
      publishType: 'immediate',
      forward: ['x'],
    });
    expect(requestOf('text_to_song', draft)).toMatchObject({ song: { source: 'compose', genre: 'rock' } });
    expect(requestOf('text_to_dance', { ...draft, songSource: 'mine', songCreationId: 'c1' })).toMatchObject({ song: { source: 'creation', creationId: 'c1' } });
    expect(requestOf('comic_to_video', { ...draft, comicSource: 'mine' })).toMatchObject({ comicTaskId: 'x' });
    expect(requestOf('comic_to_video', draft)).toMatchObject({ style: 'anime', scene: 'city' });
    expect(requestOf('comic_to_video', draft)).not.toHaveProperty('comicTaskId');
    expect(requestOf('text_to_image', { ...draft, publishType: 'scheduled', publishAt: '2025-03-01T13:30' })).toMatchObject({ publishAt: '2025-03-01T05:30:00.000Z' });
  });
});
