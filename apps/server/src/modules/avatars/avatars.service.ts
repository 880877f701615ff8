import { createHash, randomBytes } from 'node:crypto';
import { AVATAR_LIMITS, AVATAR_STYLES, ErrorCode, errorMessage, type AvatarJobStatus, type ErrorCodeValue, type Language } from '@starlit/contract';
import type { ImageModel } from '../../ai/image/image-model.ts';
import { PROCEDURAL_IMAGE_ENGINE } from '../../ai/image/procedural.ts';
import type { JobRow } from '../../jobs/queue.ts';
import { AppError } from '../../platform/errors.ts';
import type { Storage } from '../../platform/storage.ts';
import type { AgentRow } from '../agents/agents.repository.ts';
import type { AvatarInput } from '../agents/agents.service.ts';
import { AvatarJobPayload, type AvatarJobResult } from './avatars.jobs.ts';
import { authorizeAvatarJob } from './avatars.policy.ts';
import { AVATARS_FOLDER, type AvatarsRepository } from './avatars.repository.ts';
import { DEFAULT_MODELS } from './default-models.ts';
import { vrmProblem, type VrmProblem } from './vrm-check.ts';
import { normalizeAvatarImage } from './image-upload.ts';

/** The refusal each problem of an uploaded model answers. */
const VRM_ERRORS: Record<VrmProblem, ErrorCodeValue> = {
  'not-vrm': ErrorCode.AVATAR_BAD_VRM,
  'json-too-large': ErrorCode.AVATAR_VRM_JSON_TOO_LARGE,
  'too-deep': ErrorCode.AVATAR_VRM_TOO_DEEP,
  'not-gltf-2': ErrorCode.AVATAR_VRM_NOT_GLTF_2,
  'external-uri': ErrorCode.AVATAR_VRM_EXTERNAL_URI,
};

/** Side of a generated avatar in pixels. */
const GENERATED_SIZE = 512;

/** What avatars need of the agents feature, which owns the agents table and decides who may change an agent. */
export interface AvatarWriter {
  /** The caller's own agent: AGENT_NOT_FOUND when missing or deleted, 403 when someone else's. */
  owned(userId: string, agentId: string): Promise<AgentRow>;
  setAvatar(agentId: string, ownerId: string, avatar: AvatarInput): Promise<unknown>;
}

export interface AvatarsDeps {
  avatars: AvatarsRepository;
  agents: AvatarWriter;
  jobs: AvatarJobs;
  storage: Storage;
  imageModel: ImageModel;
}

/** The job system's calls the avatars feature uses, for its own kind of job. */
export interface AvatarJobs {
  enqueue(payload: AvatarJobPayload): Promise<JobRow>;
  get(id: string): Promise<JobRow | null>;
  retry(id: string): Promise<boolean>;
}

/** What the person sees of a job's state. */
export function publicStatus(status: JobRow['status']): AvatarJobStatus {
  if (status === 'queued' || status === 'running') return 'generating';
  return status === 'done' ? 'done' : 'failed';
}

export function avatarsService(deps: AvatarsDeps) {
  const { avatars, agents, jobs, storage } = deps;

  /** The agent, if `userId` owns it, with its avatar fields. */
  const owned = (userId: string, agentId: string) => agents.owned(userId, agentId);

  const ownedJob = async (userId: string, jobId: string) => authorizeAvatarJob(userId, await jobs.get(jobId));

  async function present(userId: string, agentId: string) {
    const agent = await owned(userId, agentId);
    return { agentId, kind: agent.avatarKind, image2d: agent.avatar, model3d: agent.avatarVrm };
  }

  function presentJob(job: JobRow, lang: Language) {
    const status = publicStatus(job.status);
    const result = status === 'done' ? (job.result as AvatarJobResult) : null;
    return {
      jobId: job.id,
      agentId: AvatarJobPayload.parse(job.payload).agentId,
      status,
      imageUrl: result?.imageUrl ?? null,
      engine: result?.engine ?? null,
      // the provider's own words stay in the log: they may be in any language or leak internals
      reason: status === 'failed' ? errorMessage(ErrorCode.AVATAR_GENERATION_FAILED, lang) : null,
    };
  }

  const key = (agentId: string, ext: string) => `${AVATARS_FOLDER}${agentId}/${randomBytes(8).toString('hex')}.${ext}`;

  /** Checks and re-encodes an uploaded picture (content, size, metadata) and answers its storage key. */
  async function storeUpload(agentId: string, base64: string): Promise<string> {
    const upload = Buffer.from(base64, 'base64');
    if (upload.length > AVATAR_LIMITS.imageBytes) throw new AppError(ErrorCode.AVATAR_IMAGE_TOO_LARGE);
    const image = await normalizeAvatarImage(upload);
    if (!image) throw new AppError(ErrorCode.AVATAR_BAD_IMAGE);
    const stored = key(agentId, 'webp');
    await storage.put(stored, image, 'image/webp');
    return stored;
  }

  return {
    /** SPEC §5: a name, a description and a style are all required. */
    async generate2d(userId: string, input: { agentId: string; name: string; description: string; style: string; referenceImage?: string }) {
      const payload: AvatarJobPayload = {
        agentId: input.agentId,
        ownerId: userId,
        name: input.name.trim(),
        description: input.description.trim(),
        style: input.style.trim(),
      };
      if (!payload.name || !payload.description || !payload.style) throw new AppError(ErrorCode.AVATAR_FIELDS_REQUIRED);
      if (!(AVATAR_STYLES as readonly string[]).includes(payload.style)) throw new AppError(ErrorCode.AVATAR_UNKNOWN_STYLE);
      await owned(userId, input.agentId);
      // stored first so the job row carries a key, not megabytes of base64
      if (input.referenceImage) payload.referenceKey = await storeUpload(input.agentId, input.referenceImage);
      const job = await jobs.enqueue(payload);
      return { jobId: job.id, status: publicStatus(job.status) };
    },

    /** Runs one generation: draws, re-encodes (a provider's answer must really be a picture), stores, sets. */
    async run(p: AvatarJobPayload, signal: AbortSignal): Promise<AvatarJobResult> {
      const seed = createHash('sha256').update(`${p.name}\n${p.description}\n${p.style}`).digest().readUInt32LE(0);
      const referenceImage = p.referenceKey ? ((await storage.read(p.referenceKey)) ?? undefined) : undefined;
      const drawn = await deps.imageModel.generate(
        { prompt: `${p.name}: ${p.description}`, style: p.style, width: GENERATED_SIZE, height: GENERATED_SIZE, seed, referenceImage, portrait: true },
        signal,
      );
      const image = await normalizeAvatarImage(drawn.image);
      if (!image) throw new Error(`${drawn.engine} answered with something that is not a JPG, PNG or WebP image`);
      // the agent may have been deleted while the job waited: then there is nothing to put the picture on
      const agent = await owned(p.ownerId, p.agentId);
      const imageUrl = await storage.put(key(p.agentId, 'webp'), image, 'image/webp');
      const reference = p.referenceKey ? storage.url(p.referenceKey) : null;
      await agents.setAvatar(p.agentId, p.ownerId, { image: imageUrl, kind: agent.avatarKind ?? '2d', editPrompt: p.description, style: p.style, referenceImage: reference });
      return { imageUrl, engine: drawn.engine };
    },

    async status(userId: string, jobId: string, lang: Language) {
      return presentJob(await ownedJob(userId, jobId), lang);
    },

    async retry(userId: string, jobId: string) {
      await ownedJob(userId, jobId);
      if (!(await jobs.retry(jobId))) throw new AppError(ErrorCode.AVATAR_JOB_NOT_FAILED);
      return { jobId, status: 'generating' as const };
    },

    async get(userId: string, agentId: string, lang: Language) {
      const shown = await present(userId, agentId);
      const job = await avatars.latestJob(agentId);
      return { ...shown, job: job ? presentJob(job, lang) : null };
    },

    async upload2d(userId: string, agentId: string, base64: string) {
      const agent = await owned(userId, agentId);
      const url = storage.url(await storeUpload(agentId, base64));
      await agents.setAvatar(agentId, userId, { image: url, kind: agent.avatarKind ?? '2d' });
      return present(userId, agentId);
    },

    async upload3d(userId: string, agentId: string, base64: string) {
      const agent = await owned(userId, agentId);
      const model = Buffer.from(base64, 'base64');
      if (model.length > AVATAR_LIMITS.vrmBytes) throw new AppError(ErrorCode.AVATAR_VRM_TOO_LARGE);
      const problem = vrmProblem(model);
      if (problem) throw new AppError(VRM_ERRORS[problem]);
      const url = await storage.put(key(agentId, 'vrm'), model, 'model/gltf-binary');
      await agents.setAvatar(agentId, userId, { vrm: url, kind: agent.avatarKind ?? '3d' });
      return present(userId, agentId);
    },

    engine() {
      return { engine: deps.imageModel.engine, offline: deps.imageModel.engine === PROCEDURAL_IMAGE_ENGINE };
    },

    defaults3d() {
      return { items: DEFAULT_MODELS.map((m) => ({ id: m.id, name: m.name, url: storage.url(m.key), engine: m.engine })) };
    },

    async useDefault3d(userId: string, agentId: string, modelId: string) {
      const agent = await owned(userId, agentId);
      const model = DEFAULT_MODELS.find((m) => m.id === modelId);
      if (!model) throw new AppError(ErrorCode.AVATAR_UNKNOWN_DEFAULT_MODEL);
      await agents.setAvatar(agentId, userId, { vrm: storage.url(model.key), kind: agent.avatarKind ?? '3d' });
      return present(userId, agentId);
    },

    async setKind(userId: string, agentId: string, kind: '2d' | '3d') {
      const agent = await owned(userId, agentId);
      if (kind === '2d' && !agent.avatar) throw new AppError(ErrorCode.AVATAR_NO_2D_IMAGE);
      if (kind === '3d' && !agent.avatarVrm) throw new AppError(ErrorCode.AVATAR_NO_3D_MODEL_YET);
      await agents.setAvatar(agentId, userId, { kind });
      return present(userId, agentId);
    },
  };
}

export type AvatarsService = ReturnType<typeof avatarsService>;
