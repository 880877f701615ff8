import { z } from 'zod';
import { defineCall, PageInput, pageOf } from '../call.ts';
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
  /** Creations one person may have generating at once. */
  runningPerUser: 2,
} as const;

export const CREATION_STATES = ['generating', 'done', 'failed', 'cancelled'] as const;
export const CreationState = z.enum(CREATION_STATES);
export type CreationState = z.infer<typeof CreationState>;

/** Where a running creation is: waiting for a worker, drawing, saving the result. */
export const CREATION_STAGES = ['queued', 'drawing', 'saving', 'finished'] as const;
export const CreationStage = z.enum(CREATION_STAGES);

export const CreationInput = z.object({
  workflow: CreationWorkflow,
  description: z.string().max(CREATION_LIMITS.descriptionChars),
  style: CreationStyle,
  ratio: CreationRatio,
  agentId: z.uuid().optional(),
});

const Price = z.object({ currency: z.enum(['CAC', 'JE']), amount: z.number().int() });

export const Creation = z.object({
  id: z.uuid(),
  workflow: CreationWorkflow,
  description: z.string(),
  style: z.string(),
  ratio: CreationRatio,
  agentId: z.uuid().nullable(),
  state: CreationState,
  progress: z.number().int().min(0).max(100),
  stage: CreationStage,
  /** Which engine made (or is making) it, in words people read. */
  engine: z.string().nullable(),
  resultUrl: z.string().nullable(),
  resultMime: z.string().nullable(),
  cost: Price,
  /** Localized "Generation failed" (the engine) or "Server generation failed" (the server) when failed. */
  error: z.string().nullable(),
  errorCode: z.number().int().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type Creation = z.infer<typeof Creation>;

const ById = z.object({ id: z.uuid() });

export const creationCalls = {
  estimate: defineCall({
    path: '/ai/api/v1/creation/estimate',
    summary: 'What a creation of a workflow costs, and for a signed-in person what they would pay it in; "not yet available" (5101) for a workflow not built yet',
    tag: 'creation',
    access: 'public',
    input: z.object({ workflow: CreationWorkflow }),
    output: z.object({ workflow: CreationWorkflow, prices: z.array(Price), charge: Price.nullable() }),
  }),
  create: defineCall({
    path: '/ai/api/v1/creation/create',
    summary:
      'Starts a creation under an idempotency key: holds its cost, then generates in the background; "Insufficient balance" (8001) when short, 5102 with too many generating, 5101 for a workflow not built yet',
    tag: 'creation',
    access: 'user',
    input: CreationInput.extend({ key: IdempotencyKey }),
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
};
