import { z } from 'zod';
import { defineCall, EmptyInput } from '../call.ts';

/** Styles an avatar can be drawn in; the offline engine gives each its own palette. */
export const AVATAR_STYLES = ['anime', 'cartoon', 'realistic', 'fantasy', 'cyberpunk', 'watercolor'] as const;
export type AvatarStyle = (typeof AVATAR_STYLES)[number];

/** Upload and text limits of avatars (the server refuses more, the form says so first). */
export const AVATAR_LIMITS = {
  /** Decoded bytes of an uploaded 2D picture (jpg, png or webp). */
  imageBytes: 5 * 1024 * 1024,
  /** Decoded bytes of an uploaded VRM model. */
  vrmBytes: 16 * 1024 * 1024,
  name: 20,
  description: 1000,
} as const;

/** What the person sees of a 2D generation: still working, a picture, or why it failed. */
export const AvatarJobStatus = z.enum(['generating', 'done', 'failed']);
export type AvatarJobStatus = z.infer<typeof AvatarJobStatus>;

/** Which avatar the agent shows. */
export const AvatarKind = z.enum(['2d', '3d']);
export type AvatarKind = z.infer<typeof AvatarKind>;

const AgentId = z.string().uuid();
const JobId = z.object({ jobId: z.string().uuid() });

/** A 2D generation job as the client polls it (or hears of it on /ai/realtime). */
export const AvatarJob = z.object({
  jobId: z.string(),
  agentId: z.string(),
  status: AvatarJobStatus,
  /** The picture when done. */
  imageUrl: z.string().nullable(),
  /** Which engine drew it when done, e.g. "Starlit procedural image engine (offline)". */
  engine: z.string().nullable(),
  /** Why it failed, in the caller's language. */
  reason: z.string().nullable(),
});

/** The avatar of an agent after an upload or a kind switch; kind is null until one exists. */
export const AgentAvatar = z.object({
  agentId: z.string(),
  kind: AvatarKind.nullable(),
  image2d: z.string().nullable(),
  model3d: z.string().nullable(),
});

/** A built-in 3D model anyone may pick. */
export const DefaultModel = z.object({ id: z.string(), name: z.string(), url: z.string(), engine: z.string() });

export const avatarCalls = {
  generate2d: defineCall({
    path: '/ai/api/v1/avatar/generate_2d',
    summary: 'Start drawing a 2D avatar for an agent from its name, a description and a style (a background job)',
    tag: 'avatars',
    access: 'user',
    // empty fields are refused by the server with the SPEC §5 message, not a field error
    input: z.object({
      agentId: AgentId,
      name: z.string().max(AVATAR_LIMITS.name).default(''),
      description: z.string().max(AVATAR_LIMITS.description).default(''),
      style: z.string().max(40).default(''),
      /** A picture to start from (jpg, png or webp as base64, at most 5 MB); the offline engine draws from the words alone. */
      referenceImage: z.string().min(1).optional(),
    }),
    output: z.object({ jobId: z.string(), status: AvatarJobStatus }),
  }),
  status: defineCall({
    path: '/ai/api/v1/avatar/job_status',
    summary: 'State of a 2D avatar generation: generating, done (with the picture) or failed (with the reason)',
    tag: 'avatars',
    access: 'user',
    input: JobId,
    output: AvatarJob,
  }),
  retry: defineCall({
    path: '/ai/api/v1/avatar/retry',
    summary: 'Run a failed 2D avatar generation again',
    tag: 'avatars',
    access: 'user',
    input: JobId,
    output: z.object({ jobId: z.string(), status: AvatarJobStatus }),
  }),
  upload2d: defineCall({
    path: '/ai/api/v1/avatar/upload_2d',
    summary: 'Upload a 2D avatar (jpg, png or webp as base64, at most 5 MB); stored re-encoded without metadata',
    tag: 'avatars',
    access: 'user',
    input: z.object({ agentId: AgentId, image: z.string().min(1) }),
    output: AgentAvatar,
  }),
  upload3d: defineCall({
    path: '/ai/api/v1/avatar/upload_3d',
    summary: 'Upload a 3D avatar: a VRM file (glTF binary with the VRM extension) as base64, at most 16 MB',
    tag: 'avatars',
    access: 'user',
    input: z.object({ agentId: AgentId, vrm: z.string().min(1) }),
    output: AgentAvatar,
  }),
  defaults3d: defineCall({
    path: '/ai/api/v1/avatar/default_3d_list',
    summary: 'Built-in 3D models an agent can use',
    tag: 'avatars',
    access: 'user',
    input: EmptyInput,
    output: z.object({ items: z.array(DefaultModel) }),
  }),
  useDefault3d: defineCall({
    path: '/ai/api/v1/avatar/use_default_3d',
    summary: 'Give an agent one of the built-in 3D models',
    tag: 'avatars',
    access: 'user',
    input: z.object({ agentId: AgentId, modelId: z.string().max(64) }),
    output: AgentAvatar,
  }),
  setKind: defineCall({
    path: '/ai/api/v1/avatar/set_kind',
    summary: 'Choose whether an agent shows its 2D or its 3D avatar',
    tag: 'avatars',
    access: 'user',
    input: z.object({ agentId: AgentId, kind: AvatarKind }),
    output: AgentAvatar,
  }),
  engine: defineCall({
    path: '/ai/api/v1/avatar/engine',
    summary: 'Which engine draws 2D avatars here, and whether it is the offline procedural one (the UI says so before generating)',
    tag: 'avatars',
    access: 'user',
    input: EmptyInput,
    output: z.object({ engine: z.string(), offline: z.boolean() }),
  }),
  get: defineCall({
    path: '/ai/api/v1/avatar/get',
    summary: 'The avatar of an agent of the signed-in user, with its latest 2D generation',
    tag: 'avatars',
    access: 'user',
    input: z.object({ agentId: AgentId }),
    output: AgentAvatar.extend({ job: AvatarJob.nullable() }),
  }),
};
