import { z } from 'zod';
import { defineCall, PageInput, pageOf } from '../call.ts';
import type { MessageKey } from '../i18n/messages.ts';
import { AgentTags } from '../rules/agent.ts';
import { WorkName } from '../rules/work.ts';
import type { SkillKey } from './agents.ts';
import type { WorkKind } from './home.ts';
import { IdempotencyKey } from './ledger.ts';

/** SPEC §3's generation workflow ids: the pipelines of the creation studio. */
export const CREATION_WORKFLOWS = ['text2Img', 'img2Img', 'text2Music', 'text2Dance1', 'music2Dance', 'cloneVoice'] as const;
export const CreationWorkflow = z.enum(CREATION_WORKFLOWS);
export type CreationWorkflow = z.infer<typeof CreationWorkflow>;

/**
 * What one creation costs, by workflow, for the workflows that run today: creation counts
 * (`CAC`) first, diamonds (`JE`) when the person has no counts left (docs/economy.md,
 * Creation). A workflow missing here is refused as not yet available and charged nothing.
 */
export const CREATION_PRICES: Partial<Record<CreationWorkflow, { CAC: number; JE: number }>> = {
  text2Img: { CAC: 1, JE: 2 },
  img2Img: { CAC: 1, JE: 2 },
  text2Music: { CAC: 2, JE: 4 },
  music2Dance: { CAC: 3, JE: 6 },
};

/**
 * The agent skill (SPEC §3) a workflow needs when it is made with an agent: the agent must offer
 * it and its owner hold it unexpired (decision 0019).
 */
export const WORKFLOW_SKILLS: Partial<Record<CreationWorkflow, z.infer<typeof SkillKey>>> = {
  text2Img: 'TextToImage',
  img2Img: 'ImageToImage',
  text2Music: 'TextToMusic',
  music2Dance: 'AIDance',
};

/** The workflows that can be created today. */
export const AVAILABLE_WORKFLOWS = CREATION_WORKFLOWS.filter((w) => CREATION_PRICES[w] !== undefined);

export const CREATION_STYLES = ['anime', 'cartoon', 'realistic', 'fantasy', 'cyberpunk', 'watercolor'] as const;
export const CreationStyle = z.enum(CREATION_STYLES);

/** Width:height of a picture; every engine honours it (the sizes are in the server). */
export const CREATION_RATIOS = ['1:1', '3:4', '4:3', '9:16', '16:9'] as const;
export const CreationRatio = z.enum(CREATION_RATIOS);
export type CreationRatio = z.infer<typeof CreationRatio>;

export const CREATION_LIMITS = {
  /** Characters of a description. */
  descriptionChars: 500,
  /** Characters of a genre or a mood word. */
  wordChars: 40,
  /** Creations one person may have generating at once. */
  runningPerUser: 2,
  /** Seconds of a text2Music piece. */
  musicSeconds: { min: 10, max: 180, default: 30 },
  /** Bytes of an uploaded reference picture or song. */
  imageBytes: 10 * 1024 * 1024,
  songBytes: 20 * 1024 * 1024,
  /** Seconds of an uploaded song. */
  songSeconds: { min: 5, max: 600 },
} as const;

export const CREATION_STATES = ['generating', 'done', 'failed', 'cancelled'] as const;
export const CreationState = z.enum(CREATION_STATES);
export type CreationState = z.infer<typeof CreationState>;

/**
 * Where a running creation is: waiting for a worker, then the workflow's own steps
 * (drawing a picture; composing music; analysing a song's beats and choreographing), then
 * saving the result.
 */
export const CREATION_STAGES = ['queued', 'drawing', 'composing', 'analysing', 'choreographing', 'encoding', 'saving', 'finished'] as const;
export const CreationStage = z.enum(CREATION_STAGES);

const Description = z.string().max(CREATION_LIMITS.descriptionChars);
const Word = z.string().max(CREATION_LIMITS.wordChars);

/** A file the person uploaded for a creation (`creation/upload`): only its uploader may use it. */
export const UploadKey = z.string().min(1).max(300);

/** Where a dance's song comes from: an upload, one of the person's finished text2Music creations, or a store Music item they own. */
export const SongSource = z.discriminatedUnion('source', [
  z.object({ source: z.literal('upload'), key: UploadKey }),
  z.object({ source: z.literal('creation'), creationId: z.uuid() }),
  z.object({ source: z.literal('store'), itemId: z.string().min(1).max(100) }),
]);
export type SongSource = z.infer<typeof SongSource>;

/** The settings of each workflow: what a creation was made with, kept for "Make the same style". */
export const Text2ImgParams = z.object({
  workflow: z.literal('text2Img'),
  description: Description,
  style: CreationStyle,
  ratio: CreationRatio,
  /** An agent of the person's whose look guides the picture. */
  agentId: z.uuid().optional(),
});
export const Img2ImgParams = z.object({
  workflow: z.literal('img2Img'),
  description: Description,
  style: CreationStyle,
  ratio: CreationRatio,
  /** 0 stays closest to the reference, 1 moves furthest from it. */
  strength: z.number().min(0).max(1),
  /** The reference picture, uploaded with `creation/upload`. */
  referenceKey: UploadKey,
});
export const Text2MusicParams = z.object({
  workflow: z.literal('text2Music'),
  description: Description,
  genre: Word.optional(),
  mood: Word.optional(),
  seconds: z.number().int().min(CREATION_LIMITS.musicSeconds.min).max(CREATION_LIMITS.musicSeconds.max),
  /** No singing. */
  instrumental: z.boolean(),
});
export const Music2DanceParams = z.object({
  workflow: z.literal('music2Dance'),
  /** A title or wish for the dance (may be empty). */
  description: Description,
  song: SongSource,
  /** The dancer: the person's agent with a 3D model, or the default model when absent. */
  agentId: z.uuid().optional(),
});
/** Workflows of SPEC §3 not built yet: accepted by the schema, refused as not available (5101). */
export const NotYetParams = z.object({ workflow: z.enum(['text2Dance1', 'cloneVoice']), description: Description });

export const CreationParams = z.discriminatedUnion('workflow', [Text2ImgParams, Img2ImgParams, Text2MusicParams, Music2DanceParams, NotYetParams]);
export type CreationParams = z.infer<typeof CreationParams>;

/** A creation's input with the client's idempotency key, one object per workflow. */
export const CreationInput = z.discriminatedUnion('workflow', [
  Text2ImgParams.extend({ key: IdempotencyKey }),
  Img2ImgParams.extend({ key: IdempotencyKey }),
  Text2MusicParams.extend({ key: IdempotencyKey }),
  Music2DanceParams.extend({ key: IdempotencyKey }),
  NotYetParams.extend({ key: IdempotencyKey }),
]);
export type CreationInput = z.infer<typeof CreationInput>;

const Price = z.object({ currency: z.enum(['CAC', 'JE']), amount: z.number().int() });

/**
 * What a file of a result is: the picture (and for img2Img the reference it was redrawn from);
 * the music (WAV, the original) and its MP3 and waveform picture; the dance (`.vrma`), the song
 * it dances to and the model that dances it. A daily task's results add a comic's page and
 * panels, subtitles (WebVTT), a lyric sheet, a video and the share card.
 */
export const CREATION_FILE_ROLES = ['image', 'reference', 'audio', 'mp3', 'waveform', 'dance', 'song', 'character', 'page', 'panel', 'subtitles', 'lyrics', 'video', 'card'] as const;
export const CreationFile = z.object({ role: z.enum(CREATION_FILE_ROLES), url: z.string(), mime: z.string() });
export type CreationFile = z.infer<typeof CreationFile>;

/** Figures of a result: a picture's size, a piece's seconds, a dance's tempo and beats. */
export const CreationFacts = z.object({ width: z.number().optional(), height: z.number().optional(), seconds: z.number().optional(), bpm: z.number().optional(), beats: z.number().optional() });

/**
 * What a finished creation is published as (docs/creation.md, Publishing): its work kind, shown
 * in that home tab, and its tag category (SPEC §3). A dance is a kind of its own, played in 3D
 * with its song; home's video tab and the community's Dance tab show it.
 */
export const PUBLISHED_AS = {
  text2Img: { kind: 'image', category: 'Image' },
  img2Img: { kind: 'image', category: 'Image' },
  text2Music: { kind: 'audio', category: 'Music' },
  music2Dance: { kind: 'dance', category: 'Dance' },
} as const satisfies Partial<Record<CreationWorkflow, { kind: z.infer<typeof WorkKind>; category: string }>>;

/** The author's fee for "Make the same style" of a published creation, in whole diamonds (0: free). */
export const SAME_STYLE_FEE = { min: 0, max: 1000 } as const;
const feeRange = { message: 'creation.feeRange' satisfies MessageKey };
export const SameStyleFee = z.number(feeRange).int(feeRange).min(SAME_STYLE_FEE.min, feeRange).max(SAME_STYLE_FEE.max, feeRange);

/**
 * How a published work was made: the creation it came from with every setting, the engine, its
 * files (the song, model and waveform a dance or a piece needs to play) and the author's fee for
 * "Make the same style". The works service keeps a copy, so the work shows it on its own.
 */
export const WorkProvenance = z.object({
  /** The creation it was published from; null if that creation was deleted since. */
  id: z.uuid().nullable(),
  workflow: CreationWorkflow,
  params: CreationParams,
  engine: z.string().nullable(),
  sameStyleFee: z.number().int(),
  files: z.array(CreationFile),
  facts: CreationFacts,
});
export type WorkProvenance = z.infer<typeof WorkProvenance>;

export const Creation = z.object({
  id: z.uuid(),
  workflow: CreationWorkflow,
  description: z.string(),
  /** Every setting it was made with. */
  params: CreationParams,
  agentId: z.uuid().nullable(),
  state: CreationState,
  progress: z.number().int().min(0).max(100),
  stage: CreationStage,
  /** Which engine made (or is making) it, in words people read. */
  engine: z.string().nullable(),
  /** The original file (the one `download` names) once done. */
  resultUrl: z.string().nullable(),
  resultMime: z.string().nullable(),
  /** Every file of the result, the original first. */
  files: z.array(CreationFile),
  /** Figures of the result: a picture's size, a piece's seconds, a dance's tempo. */
  facts: CreationFacts,
  cost: Price,
  /** Made with "Make the same style" from a work: the work and the author's fee in diamonds (paid to the author when it is done). */
  sameStyleOf: z.object({ workId: z.uuid(), fee: z.number().int() }).nullable(),
  /** Localized "Generation failed" (the engine) or "Server generation failed" (the server) when failed. */
  error: z.string().nullable(),
  errorCode: z.number().int().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  /** The work it was published as (`publish`), while that work exists. */
  workId: z.uuid().nullable(),
});
export type Creation = z.infer<typeof Creation>;

const ById = z.object({ id: z.uuid() });

/** Publishing a finished creation as a work: the works rules for name, tags and agent, and the same-style fee. */
export const PublishCreationInput = ById.extend({
  name: WorkName,
  tags: AgentTags.default([]),
  isPublic: z.boolean().default(true),
  /** An agent the work is shown as made with: your own or a public published one (the works rule); null for none. */
  agentId: z.uuid().nullable().default(null),
  sameStyleFee: SameStyleFee.default(0),
});

/** What an upload is for: a reference picture (img2Img) or a song (music2Dance). */
export const CreationUploadKind = z.enum(['image', 'song']);

export const creationCalls = {
  estimate: defineCall({
    path: '/ai/api/v1/creation/estimate',
    summary: 'What a creation of a workflow costs, and for a signed-in person what they would pay it in; "not yet available" (5101) for a workflow not built yet',
    tag: 'creation',
    access: 'public',
    input: z.object({ workflow: CreationWorkflow, /** For "Make the same style": the work, whose author's fee is added. */ workId: z.uuid().optional() }),
    output: z.object({
      workflow: CreationWorkflow,
      prices: z.array(Price),
      charge: Price.nullable(),
      /** The author's fee in diamonds, on top of the price (0 without a work or for your own work). */ fee: z.number().int(),
    }),
  }),
  upload: defineCall({
    path: '/ai/api/v1/creation/upload',
    summary: 'Upload a reference picture (jpg, png, webp; 10 MB, 4096 px) or a song (wav, mp3, ogg, m4a, flac; 20 MB, 5 s to 10 min) as base64, checked by content; nothing is charged',
    tag: 'creation',
    access: 'user',
    input: z.object({ kind: CreationUploadKind, data: z.string().min(1) }),
    output: z.object({ key: UploadKey, url: z.string(), mime: z.string(), width: z.number().optional(), height: z.number().optional(), seconds: z.number().optional() }),
  }),
  create: defineCall({
    path: '/ai/api/v1/creation/create',
    summary:
      'Starts a creation under an idempotency key: holds its cost, then generates in the background; "Insufficient balance" (8001) when short, 5102 with too many generating, 5101 for a workflow not built yet',
    tag: 'creation',
    access: 'user',
    input: CreationInput,
    output: Creation.extend({ replayed: z.boolean() }),
  }),
  sameStyle: defineCall({
    path: '/ai/api/v1/creation/same_style',
    summary:
      '"Make the same style" (SPEC §4): a new creation with a generated work\'s settings and your own description (and, for image to image, your own reference). Costs the production price plus the author\'s fee in diamonds, both held and paid only when it is done; refunded in full when it fails',
    tag: 'creation',
    access: 'user',
    input: z.object({ workId: z.uuid(), description: Description, referenceKey: UploadKey.optional(), key: IdempotencyKey }),
    output: Creation.extend({ replayed: z.boolean() }),
  }),
  get: defineCall({
    path: '/ai/api/v1/creation/get',
    summary: 'One of your creations with its state and progress',
    tag: 'creation',
    access: 'user',
    input: ById,
    output: Creation,
  }),
  list: defineCall({
    path: '/ai/api/v1/creation/list',
    summary: 'Your creations, newest first',
    tag: 'creation',
    access: 'user',
    input: PageInput,
    output: pageOf(Creation),
  }),
  cancel: defineCall({
    path: '/ai/api/v1/creation/cancel',
    summary: 'Cancels one of your generating creations; its hold is released in full',
    tag: 'creation',
    access: 'user',
    input: ById,
    output: Creation,
  }),
  retry: defineCall({
    path: '/ai/api/v1/creation/retry',
    summary: 'Makes one of your creations again with the same settings: a new creation and a new charge under a new key',
    tag: 'creation',
    access: 'user',
    input: ById.extend({ key: IdempotencyKey }),
    output: Creation.extend({ replayed: z.boolean() }),
  }),
  download: defineCall({
    path: '/ai/api/v1/creation/download',
    summary: 'Where the original file of one of your finished creations is, and a file name for it',
    tag: 'creation',
    access: 'user',
    input: ById,
    output: z.object({ url: z.string(), mime: z.string(), fileName: z.string() }),
  }),
  publish: defineCall({
    path: '/ai/api/v1/creation/publish',
    summary:
      'Publishes one of your finished creations as a work at once, with its settings as provenance and your fee for "Make the same style"; one work per creation (5122 when it has one), 5121 before it is done',
    tag: 'creation',
    access: 'user',
    input: PublishCreationInput,
    output: Creation,
  }),
};
