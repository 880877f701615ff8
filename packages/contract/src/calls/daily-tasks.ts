import { z } from 'zod';
import { defineCall, PageInput, pageOf } from '../call.ts';
import { CreationFile, CreationStyle, SongSource } from './creation.ts';
import type { WorkKind } from './home.ts';
import { IdempotencyKey } from './ledger.ts';
import { LIMITS } from '../rules/constants.ts';

/** SPEC §2's daily task types: a few lines of text become a finished piece starring an agent. */
export const DAILY_TASK_TYPES = ['text_to_image', 'text_to_comic', 'text_to_speech', 'text_to_song', 'text_to_dance', 'comic_to_video'] as const;
export const DailyTaskType = z.enum(DAILY_TASK_TYPES);
export type DailyTaskType = z.infer<typeof DailyTaskType>;

/** Where a task's story takes place: the scene words the image engines draw. */
export const TASK_SCENES = ['city', 'seaside', 'forest', 'school', 'space', 'cafe', 'snow', 'night'] as const;
export const TaskScene = z.enum(TASK_SCENES);
export type TaskScene = z.infer<typeof TaskScene>;

/** The kinds of song a text_to_song (or a composed dance song) is written in. */
export const SONG_GENRES = ['pop', 'ballad', 'rock', 'lofi', 'electronic', 'folk'] as const;
export const SongGenre = z.enum(SONG_GENRES);
export type SongGenre = z.infer<typeof SongGenre>;

/** Outside platforms a finished work can be forwarded to, by the person's own click on a share link. */
export const FORWARD_PLATFORMS = ['x', 'facebook', 'line', 'weibo'] as const;
export const ForwardPlatform = z.enum(FORWARD_PLATFORMS);
export type ForwardPlatform = z.infer<typeof ForwardPlatform>;

/** A task's song: composed in a genre, or one the person made, uploaded or owns (the studio's song sources). */
export const TaskSong = z.union([z.object({ source: z.literal('compose'), genre: SongGenre }), SongSource]);
export type TaskSong = z.infer<typeof TaskSong>;

type Need = 'required' | 'optional' | 'none';

/**
 * Which fields each type needs (SPEC §5 Daily task: "Agent, style, song and scene are required
 * depending on task type"); description and introduction are always required. The server
 * enforces this table and the form marks the fields from it.
 */
export const DAILY_TASK_FIELDS: Record<DailyTaskType, { agent: Need; style: Need; song: Need; scene: Need; comic: Need }> = {
  text_to_image: { agent: 'required', style: 'required', song: 'none', scene: 'optional', comic: 'none' },
  text_to_comic: { agent: 'required', style: 'required', song: 'none', scene: 'required', comic: 'none' },
  text_to_speech: { agent: 'required', style: 'none', song: 'none', scene: 'none', comic: 'none' },
  text_to_song: { agent: 'required', style: 'none', song: 'required', scene: 'none', comic: 'none' },
  text_to_dance: { agent: 'required', style: 'none', song: 'optional', scene: 'none', comic: 'none' },
  // a comic made now (style and scene) or one of the person's finished comics
  comic_to_video: { agent: 'required', style: 'optional', song: 'none', scene: 'optional', comic: 'optional' },
};

/** What one task costs (docs/daily-tasks.md, Money): creation counts while they last, else diamonds, as in the studio. */
export const DAILY_TASK_PRICES: Record<DailyTaskType, { CAC: number; JE: number }> = {
  text_to_image: { CAC: 1, JE: 2 },
  text_to_comic: { CAC: 3, JE: 6 },
  text_to_speech: { CAC: 1, JE: 2 },
  text_to_song: { CAC: 3, JE: 6 },
  text_to_dance: { CAC: 4, JE: 8 },
  comic_to_video: { CAC: 5, JE: 10 },
};

/** Points (MSS) a finished task earns, paid with the settling of its charge. */
export const DAILY_TASK_POINTS: Record<DailyTaskType, number> = {
  text_to_image: 5,
  text_to_comic: 10,
  text_to_speech: 5,
  text_to_song: 10,
  text_to_dance: 10,
  comic_to_video: 15,
};

export const DAILY_TASK_LIMITS = {
  /** Tasks of one type a person may run per day (UTC+8); failed and cancelled ones give theirs back. */
  perTypePerDay: 3,
  /** Scheduled publishes waiting at once (SPEC §9: "Scheduled daily-task publishes remaining 5"). */
  scheduledPending: LIMITS.scheduledPublishesRemaining,
  descriptionChars: 500,
  introductionChars: 1000,
  /** A scheduled publish is at least this far ahead, and at most `scheduleMaxDays`. */
  scheduleMinMs: 60_000,
  scheduleMaxDays: 7,
} as const;

export const PUBLISH_TYPES = ['immediate', 'scheduled'] as const;
export const PublishType = z.enum(PUBLISH_TYPES);

/** SPEC §3's daily task form. */
export const DailyTaskForm = z.object({
  type: DailyTaskType,
  description: z.string().max(DAILY_TASK_LIMITS.descriptionChars),
  introduction: z.string().max(DAILY_TASK_LIMITS.introductionChars),
  agentId: z.uuid().optional(),
  style: CreationStyle.optional(),
  song: TaskSong.optional(),
  scene: TaskScene.optional(),
  /** comic_to_video from one of the person's finished text_to_comic tasks instead of a new comic. */
  comicTaskId: z.uuid().optional(),
  publishType: PublishType,
  /** ISO time of a scheduled publish. */
  publishAt: z.iso.datetime({ offset: true }).optional(),
  forward: z.array(ForwardPlatform).max(FORWARD_PLATFORMS.length).default([]),
});
export type DailyTaskForm = z.infer<typeof DailyTaskForm>;

export const DAILY_TASK_STATES = ['generating', 'done', 'failed', 'cancelled'] as const;
export const DailyTaskState = z.enum(DAILY_TASK_STATES);

/**
 * The steps of each pipeline, in order (docs/daily-tasks.md, Pipelines). Each step's output is
 * kept, so a retry after a failed step starts there.
 */
export const DAILY_TASK_STEPS = {
  text_to_image: ['draw', 'card'],
  text_to_comic: ['script', 'panels', 'lettering', 'page', 'card'],
  text_to_speech: ['script', 'speech', 'card'],
  text_to_song: ['lyrics', 'melody', 'backing', 'vocal', 'mix', 'card'],
  text_to_dance: ['song', 'dance', 'card'],
  // with one of the person's comics, its script, panels and lettering are that comic's, kept as done
  comic_to_video: ['script', 'panels', 'lettering', 'voices', 'music', 'video', 'card'],
} as const satisfies Record<DailyTaskType, readonly string[]>;
export type DailyTaskStepName = (typeof DAILY_TASK_STEPS)[DailyTaskType][number];
export const DailyTaskStepName = z.enum([...new Set(Object.values(DAILY_TASK_STEPS).flat())] as [DailyTaskStepName, ...DailyTaskStepName[]]);

export const DailyTaskStep = z.object({
  name: DailyTaskStepName,
  state: z.enum(['pending', 'running', 'done', 'failed']),
  /** Which engine made this step's output, in words people read. */
  engine: z.string().nullable(),
  /** How long the step took, when done. */
  ms: z.number().int().nullable(),
});

/** A file of a result: the studio's file roles (which include a task's page, panels, subtitles, lyrics, video and share card). */
export const TaskFile = CreationFile;
export type TaskFile = CreationFile;

export const PUBLISH_STATES = ['waiting', 'scheduled', 'published', 'unpublished'] as const;

/**
 * What a task becomes on publishing: the work kind (its home tab) and tag category (SPEC §3).
 * A comic is a picture; speech is Sound Anime; a song Music.
 */
export const TASK_PUBLISHED_AS = {
  text_to_image: { kind: 'image', category: 'Image' },
  text_to_comic: { kind: 'image', category: 'Image' },
  text_to_speech: { kind: 'audio', category: 'SoundAnime' },
  text_to_song: { kind: 'audio', category: 'Music' },
  text_to_dance: { kind: 'dance', category: 'Dance' },
  comic_to_video: { kind: 'video', category: 'Video' },
} as const satisfies Record<DailyTaskType, { kind: z.infer<typeof WorkKind>; category: string }>;

export const DailyTask = z.object({
  id: z.uuid(),
  type: DailyTaskType,
  form: DailyTaskForm,
  agent: z.object({ id: z.uuid(), name: z.string(), avatar: z.string().nullable() }).nullable(),
  state: DailyTaskState,
  progress: z.number().int().min(0).max(100),
  steps: z.array(DailyTaskStep),
  /** The piece's title (from its script or lyrics once written). */
  title: z.string(),
  /** The words of the result people read: the comic's script, the speech's text, the lyric sheet. */
  text: z.string().nullable(),
  files: z.array(TaskFile),
  facts: z.record(z.string(), z.number()),
  cost: z.object({ currency: z.enum(['CAC', 'JE']), amount: z.number().int() }),
  /** Points earned when it finished. */
  points: z.number().int(),
  publish: z.object({
    /** waiting: not done yet; scheduled: done, published at `at`; published; unpublished: the schedule was cancelled. */
    state: z.enum(PUBLISH_STATES),
    at: z.string().nullable(),
    workId: z.uuid().nullable(),
  }),
  error: z.string().nullable(),
  errorCode: z.number().int().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type DailyTask = z.infer<typeof DailyTask>;

const Price = z.object({ currency: z.enum(['CAC', 'JE']), amount: z.number().int() });

const ById = z.object({ id: z.uuid() });

/**
 * A platform's share address for a link and its words: the person opens it and posts themselves
 * (nothing is posted for them).
 */
export function shareLink(platform: ForwardPlatform, url: string, text: string): string {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(text);
  switch (platform) {
    case 'x':
      return `https://x.com/intent/post?text=${t}&url=${u}`;
    case 'facebook':
      return `https://www.facebook.com/sharer/sharer.php?u=${u}`;
    case 'line':
      return `https://social-plugins.line.me/lineit/share?url=${u}&text=${t}`;
    case 'weibo':
      return `https://service.weibo.com/share/share.php?url=${u}&title=${t}`;
  }
}

export const dailyTasksCalls = {
  overview: defineCall({
    path: '/ai/api/v1/daily_task/overview',
    summary: "Today's daily tasks (UTC+8): per type the price, the fields it needs and the runs left today; scheduled publishes remaining; the task generating now",
    tag: 'daily-tasks',
    access: 'user',
    input: z.object({}),
    output: z.object({
      day: z.string(),
      types: z.array(
        z.object({
          type: DailyTaskType,
          prices: z.array(Price),
          points: z.number().int(),
          left: z.number().int(),
          allowance: z.number().int(),
        }),
      ),
      scheduledRemaining: z.number().int(),
      generating: DailyTask.nullable(),
      today: z.array(DailyTask),
      scheduled: z.array(DailyTask),
    }),
  }),
  create: defineCall({
    path: '/ai/api/v1/daily_task/create',
    summary:
      'Starts a daily task under an idempotency key: holds its price and runs its pipeline in the background; "Daily limit reached" (9002) when the type is used up today, 9003 while another type is generating, 9007 with 5 scheduled publishes waiting',
    tag: 'daily-tasks',
    access: 'user',
    input: DailyTaskForm.extend({ key: IdempotencyKey }),
    output: DailyTask.extend({ replayed: z.boolean() }),
  }),
  get: defineCall({
    path: '/ai/api/v1/daily_task/get',
    summary: 'One of your daily tasks with its steps and result',
    tag: 'daily-tasks',
    access: 'user',
    input: ById,
    output: DailyTask,
  }),
  list: defineCall({
    path: '/ai/api/v1/daily_task/list',
    summary: 'Your daily tasks, newest first, optionally of one type and state (e.g. your finished comics)',
    tag: 'daily-tasks',
    access: 'user',
    input: PageInput.extend({ type: DailyTaskType.optional(), state: DailyTaskState.optional() }),
    output: pageOf(DailyTask),
  }),
  cancel: defineCall({
    path: '/ai/api/v1/daily_task/cancel',
    summary: 'Cancels one of your generating tasks; its hold is released in full',
    tag: 'daily-tasks',
    access: 'user',
    input: ById,
    output: DailyTask,
  }),
  retry: defineCall({
    path: '/ai/api/v1/daily_task/retry',
    summary: 'Runs a failed or cancelled task again from the step that failed (the steps before it are kept), with a new charge under a new key',
    tag: 'daily-tasks',
    access: 'user',
    input: ById.extend({ key: IdempotencyKey }),
    output: DailyTask.extend({ replayed: z.boolean() }),
  }),
  reschedule: defineCall({
    path: '/ai/api/v1/daily_task/reschedule',
    summary: 'Moves the publish time of a task waiting to be published (before it fires); 9007 when 5 are already waiting',
    tag: 'daily-tasks',
    access: 'user',
    input: ById.extend({ publishAt: z.iso.datetime({ offset: true }) }),
    output: DailyTask,
  }),
  unschedule: defineCall({
    path: '/ai/api/v1/daily_task/unschedule',
    summary: 'Cancels a scheduled publish before it fires; the result stays yours, unpublished',
    tag: 'daily-tasks',
    access: 'user',
    input: ById,
    output: DailyTask,
  }),
  publish: defineCall({
    path: '/ai/api/v1/daily_task/publish',
    summary: 'Publishes a finished, unpublished task now',
    tag: 'daily-tasks',
    access: 'user',
    input: ById,
    output: DailyTask,
  }),
};
