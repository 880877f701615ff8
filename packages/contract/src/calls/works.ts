import { z } from 'zod';
import { defineCall, PageInput, pageOf } from '../call.ts';
import { AgentTags } from '../rules/agent.ts';
import { LIMITS } from '../rules/constants.ts';
import { PublisherName, WorkName } from '../rules/work.ts';
import { CreationFacts, CreationFile, WorkProvenance } from './creation.ts';
import { WorkKind } from './home.ts';

export { PublisherName, WorkName };

/** Work tag categories (SPEC §3); a work has one, and up to 5 free tags besides. */
export const WorkCategory = z.enum(['Agent', 'Image', 'Music', 'Dance', 'Video', 'Living', 'LivePerformance', 'SoundAnime']);

/** What an upload may be; the server checks the content, not the name. */
export const WorkMediaKind = z.enum(['image', 'audio', 'video']);

/** Upload and text limits of works (docs/works.md says why these numbers). */
export const WORK_LIMITS = {
  imageBytes: 10 * 1024 * 1024,
  audioBytes: 20 * 1024 * 1024,
  videoBytes: 50 * 1024 * 1024,
  /** Pictures of one post. */
  postImages: 9,
  /** Display width of a name: a Chinese character counts 2 (SPEC §5, §9). */
  nameWidth: LIMITS.workName,
  description: 2000,
  prompt: 2000,
  /** Display width of the publisher's name, as a name. */
  publisherWidth: LIMITS.workName,
  /** Likes, unlikes, collects and uncollects of one user per minute, together. */
  reactionsPerMinute: 60,
} as const;

const Person = z.object({ userId: z.string(), userName: z.string(), avatar: z.string().nullable() });

/** A work as its author or a visitor sees it. */
export const Work = z.object({
  id: z.string(),
  kind: WorkKind,
  name: z.string(),
  description: z.string(),
  prompt: z.string(),
  category: WorkCategory.nullable(),
  tags: z.array(z.string()),
  cover: z.string().nullable(),
  media: z.string().nullable(),
  images: z.array(z.string()),
  engine: z.string().nullable(),
  author: Person,
  isOwner: z.boolean(),
  publisher: z.string(),
  agentId: z.string().nullable(),
  isPublic: z.boolean(),
  status: z.enum(['draft', 'published']),
  publishedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  likeCount: z.number().int(),
  collectCount: z.number().int(),
  commentCount: z.number().int(),
  /** Whether the caller liked / collected it; false for visitors. */
  liked: z.boolean(),
  collected: z.boolean(),
  /** Hidden by moderation: only its author still sees it, marked so. */
  hidden: z.boolean(),
  /** Why it was hidden, told to its author only. */
  hiddenReason: z.string().nullable(),
  /** How it was made, for a work published from the creation studio (docs/works.md, Provenance); null for an uploaded work or a post. */
  creation: WorkProvenance.nullable(),
  /**
   * For a work published from a daily task (docs/daily-tasks.md, Publishing): the task (null once
   * deleted) and the files the work plays with (subtitles, lyrics, a dance's song and model).
   */
  task: z.object({ id: z.uuid().nullable(), files: z.array(CreationFile), facts: CreationFacts }).nullable(),
});

/** A work's likes and collections as the caller sees them after a like or collect. */
export const WorkReactions = z.object({
  id: z.string(),
  liked: z.boolean(),
  collected: z.boolean(),
  likeCount: z.number().int(),
  collectCount: z.number().int(),
});

const WorkId = z.object({ id: z.string().uuid() });

/** The texts of a work; name and tag (category) are always required (SPEC §5). */
const WorkFields = z.object({
  name: WorkName,
  category: WorkCategory,
  description: z.string().max(WORK_LIMITS.description),
  prompt: z.string().max(WORK_LIMITS.prompt),
  tags: AgentTags,
  /** An agent the work was made with: your own, or a public published one; null for none. */
  agentId: z.string().uuid().nullable(),
  isPublic: z.boolean(),
});

/** What an edit may leave out, and is then kept as it was. */
const OptionalFields = WorkFields.pick({ description: true, prompt: true, tags: true, agentId: true, isPublic: true }).partial();

export const workCalls = {
  upload: defineCall({
    path: '/ai/api/v1/work/upload',
    summary: 'Upload a picture (jpg, png, webp), a sound (wav, mp3, ogg, flac, m4a) or a video (mp4, webm) as base64; checked by content, stored without metadata',
    tag: 'works',
    access: 'user',
    input: z.object({ kind: WorkMediaKind, data: z.string().min(1) }),
    output: z.object({ key: z.string(), url: z.string(), kind: WorkMediaKind }),
  }),
  create: defineCall({
    path: '/ai/api/v1/work/create',
    summary: 'Make a draft work from an uploaded file, or a post of text and up to 9 uploaded pictures',
    tag: 'works',
    access: 'user',
    input: WorkFields.extend({
      description: WorkFields.shape.description.default(''),
      prompt: WorkFields.shape.prompt.default(''),
      tags: WorkFields.shape.tags.default([]),
      agentId: WorkFields.shape.agentId.default(null),
      isPublic: WorkFields.shape.isPublic.default(true),
      /** The key `work/upload` answered; absent for a post. */
      mediaKey: z.string().optional(),
      /** A post's pictures: keys `work/upload` answered for images. */
      imageKeys: z.array(z.string()).max(WORK_LIMITS.postImages).default([]),
    }),
    output: Work,
  }),
  update: defineCall({
    path: '/ai/api/v1/work/update',
    summary: 'Edit your work: name, tag and publisher are required (SPEC §5)',
    tag: 'works',
    access: 'user',
    input: WorkFields.pick({ name: true, category: true }).extend(OptionalFields.shape).extend(WorkId.shape).extend({ publisher: PublisherName }),
    output: Work,
  }),
  publish: defineCall({ path: '/ai/api/v1/work/publish', summary: 'Publish your work', tag: 'works', access: 'user', input: WorkId, output: Work }),
  unpublish: defineCall({ path: '/ai/api/v1/work/unpublish', summary: 'Take your work back to draft', tag: 'works', access: 'user', input: WorkId, output: Work }),
  delete: defineCall({
    path: '/ai/api/v1/work/delete',
    summary: 'Delete your work and its files',
    tag: 'works',
    access: 'user',
    input: WorkId,
    output: z.object({ deleted: z.boolean() }),
  }),
  get: defineCall({
    path: '/ai/api/v1/work/get',
    summary: 'One work: yours in any state, others when public and published',
    tag: 'works',
    access: 'public',
    input: WorkId,
    output: Work,
  }),
  mine: defineCall({
    path: '/ai/api/v1/work/mine',
    summary: 'Your works, drafts included, newest first',
    tag: 'works',
    access: 'user',
    input: PageInput,
    output: pageOf(Work),
  }),
  like: defineCall({
    path: '/ai/api/v1/work/like',
    summary: 'Like a work you can see; liking it again changes nothing',
    tag: 'works',
    access: 'user',
    input: WorkId,
    output: WorkReactions,
  }),
  unlike: defineCall({
    path: '/ai/api/v1/work/unlike',
    summary: 'Take your like back; nothing changes when there was none',
    tag: 'works',
    access: 'user',
    input: WorkId,
    output: WorkReactions,
  }),
  collect: defineCall({
    path: '/ai/api/v1/work/collect',
    summary: 'Add a work you can see to your collections; collecting it again changes nothing',
    tag: 'works',
    access: 'user',
    input: WorkId,
    output: WorkReactions,
  }),
  uncollect: defineCall({
    path: '/ai/api/v1/work/uncollect',
    summary: 'Remove a work from your collections; nothing changes when it was not there',
    tag: 'works',
    access: 'user',
    input: WorkId,
    output: WorkReactions,
  }),
  collections: defineCall({
    path: '/ai/api/v1/work/collections',
    summary: 'Your collections: the works you collected and can still see, newest collected first',
    tag: 'works',
    access: 'user',
    input: PageInput,
    output: pageOf(Work),
  }),
  likedBy: defineCall({
    path: '/ai/api/v1/work/liked_by',
    summary: "The works a user liked that you can see, newest liked first (a profile's likes tab)",
    tag: 'works',
    access: 'public',
    input: PageInput.extend({ userId: z.string().uuid() }),
    output: pageOf(Work),
  }),
};
