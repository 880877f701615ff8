import { z } from 'zod';
import { defineCall, EmptyInput, PageInput, pageOf } from '../call.ts';
import type { MessageKey } from '../i18n/messages.ts';
import { AgentGender, AgentNickname, AgentTags, Opening, RoleIntro, RoleSetting } from '../rules/agent.ts';
import { LIMITS } from '../rules/constants.ts';
import { IdempotencyKey } from './ledger.ts';
import { rateToSlider, sliderToRate } from '../rules/sliders.ts';

/** The skills of SPEC §3. */
export const SkillKey = z.enum(['TextToImage', 'ImageToImage', 'TextToMusic', 'AIDance']);

/** A skill of the catalogue: unit price in diamonds and usage period in days, or null for permanent. */
export const Skill = z.object({ key: SkillKey, priceDiamonds: z.number().int(), usageDays: z.number().int().nullable() });

/**
 * A skill of an agent (docs/economy.md, Skills): chosen by its owner, and working only while it
 * is bought and not expired (`active`). `expiresAt` is null for a permanent one or one never bought.
 */
export const AgentSkill = Skill.extend({ owned: z.boolean(), active: z.boolean(), expiresAt: z.string().nullable() });

/** A skill bought for an agent: until when, or null for good. */
export const SkillTerm = z.object({ key: SkillKey, expiresAt: z.string().nullable(), active: z.boolean() });

/** Slider settings of one voice (SPEC §9): semitones −12..12, volume and speed 0.5..2. */
// Rates are kept on the slider's own steps, so what is saved is exactly what the slider shows
// and moving another slider never rewrites it (which would also void the audition).
const onSliderStep = (rate: number) => sliderToRate(rateToSlider(rate));
export const VoiceSettings = z.object({
  pitch: z.number().int().min(-12).max(12).default(0),
  volume: z.number().min(0.5).max(2).default(1).transform(onSliderStep),
  speed: z.number().min(0.5).max(2).default(1).transform(onSliderStep),
});

/** A voice of an agent, in the agent's order. */
export const AgentVoice = z.object({
  voiceId: z.string(),
  name: z.string(),
  gender: z.enum(['Male', 'Female']),
  cloned: z.boolean(),
  pitch: z.number().int(),
  volume: z.number(),
  speed: z.number(),
});

/** The avatar of an agent (SPEC §3: 2D or 3D; edit prompt, reference image, style). */
export const AgentAvatarFields = z.object({
  kind: z.enum(['2d', '3d']).nullable(),
  image: z.string().nullable(),
  vrm: z.string().nullable(),
  editPrompt: z.string().nullable(),
  referenceImage: z.string().nullable(),
  style: z.string().nullable(),
});

const Person = z.object({ userId: z.string(), userName: z.string(), avatar: z.string().nullable() });

/** An agent as its owner or a visitor sees it. */
export const Agent = z.object({
  id: z.string(),
  owner: Person,
  isOwner: z.boolean(),
  nickname: z.string(),
  gender: AgentGender,
  roleSetting: z.string(),
  roleIntro: z.string(),
  opening: z.string(),
  tags: z.array(z.string()),
  avatar: AgentAvatarFields,
  /** The chosen skills; others than the owner see only the working ones. */
  skills: z.array(AgentSkill),
  /** For the owner: every skill bought for this agent, chosen or not (empty for others). */
  skillTerms: z.array(SkillTerm),
  voices: z.array(AgentVoice),
  isPublic: z.boolean(),
  status: z.enum(['draft', 'published']),
  publishedAt: z.string().nullable(),
  /** The audition of the current opening with the current voices, if there is one. */
  audition: z.object({ audio: z.string(), engine: z.string(), createdAt: z.string() }).nullable(),
  /** For the owner: catalogue keys of what publishing still needs (empty when ready). */
  missing: z.array(z.string() as z.ZodType<MessageKey>),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** A card of an agent list. */
export const AgentCard = Agent.pick({ id: true, owner: true, nickname: true, gender: true, roleIntro: true, tags: true, isPublic: true, status: true, publishedAt: true, createdAt: true }).extend({
  avatar: z.string().nullable(),
});

const AgentId = z.object({ id: z.string().uuid() });

/** The editable texts of an agent; every one optional so drafts save as the user types. */
const AgentFields = z.object({
  nickname: AgentNickname,
  gender: AgentGender,
  roleSetting: RoleSetting,
  roleIntro: RoleIntro,
  opening: Opening,
  isPublic: z.boolean(),
});

export const agentCalls = {
  create: defineCall({
    path: '/ai/api/v1/agent/create',
    summary: 'Start a draft agent; only the name is needed',
    tag: 'agents',
    access: 'user',
    input: AgentFields.partial().extend({ nickname: AgentNickname }),
    output: Agent,
  }),
  update: defineCall({
    path: '/ai/api/v1/agent/update',
    summary: 'Save some fields of your agent (draft or published)',
    tag: 'agents',
    access: 'user',
    input: AgentFields.partial().extend(AgentId.shape),
    output: Agent,
  }),
  get: defineCall({
    path: '/ai/api/v1/agent/get',
    summary: 'One agent: yours in any state, others only when public and published',
    tag: 'agents',
    access: 'public',
    input: AgentId,
    output: Agent,
  }),
  mine: defineCall({
    path: '/ai/api/v1/agent/mine',
    summary: 'Your agents, drafts included, newest first',
    tag: 'agents',
    access: 'user',
    input: PageInput,
    output: pageOf(AgentCard),
  }),
  publicList: defineCall({
    path: '/ai/api/v1/agent/public_list',
    summary: 'Public published agents, newest first',
    tag: 'agents',
    access: 'public',
    input: PageInput,
    output: pageOf(AgentCard),
  }),
  setVoices: defineCall({
    path: '/ai/api/v1/agent/set_voices',
    summary: 'Replace the voices of your agent, in order, with their slider settings',
    tag: 'agents',
    access: 'user',
    input: AgentId.extend({
      // one over the limit still parses, so the server answers the spec's own message
      voices: z.array(VoiceSettings.extend({ voiceId: z.string().uuid() })).max(LIMITS.voicesPerAgent * 4),
    }),
    output: Agent,
  }),
  setSkills: defineCall({
    path: '/ai/api/v1/agent/set_skills',
    summary: 'Replace the skills of your agent',
    tag: 'agents',
    access: 'user',
    input: AgentId.extend({
      skills: z.array(SkillKey).refine((keys) => new Set(keys).size === keys.length, { message: 'agent.skillDuplicate' satisfies MessageKey }),
    }),
    output: Agent,
  }),
  setTags: defineCall({
    path: '/ai/api/v1/agent/set_tags',
    summary: 'Replace the tags of your agent (at most 5, no duplicates)',
    tag: 'agents',
    access: 'user',
    input: AgentId.extend({ tags: AgentTags }),
    output: Agent,
  }),
  audition: defineCall({
    path: '/ai/api/v1/agent/audition',
    summary: 'Speak the opening line with the first voice and record the audition',
    tag: 'agents',
    access: 'user',
    input: AgentId,
    output: Agent,
  }),
  publish: defineCall({
    path: '/ai/api/v1/agent/publish',
    summary: 'Publish your agent once every requirement is met',
    tag: 'agents',
    access: 'user',
    input: AgentId,
    output: Agent,
  }),
  unpublish: defineCall({
    path: '/ai/api/v1/agent/unpublish',
    summary: 'Take your agent back to draft',
    tag: 'agents',
    access: 'user',
    input: AgentId,
    output: Agent,
  }),
  delete: defineCall({
    path: '/ai/api/v1/agent/delete',
    summary: 'Delete some of your agents: all of them or none',
    tag: 'agents',
    access: 'user',
    input: z.object({ ids: z.array(z.string().uuid()).min(1).max(100) }),
    output: z.object({ deleted: z.number().int() }),
  }),
  buySkill: defineCall({
    path: '/api/v1/agent/buy_skill',
    summary: 'Buy or renew a skill of your agent with diamonds for its period (from the later of now and its expiry), or for good',
    tag: 'agents',
    access: 'user',
    input: AgentId.extend({
      skill: SkillKey,
      key: IdempotencyKey,
      /** The price and period the owner was shown; sent, they must still hold (8258), as an admin may have changed them. */
      shown: z.object({ priceDiamonds: z.number().int().min(0), usageDays: z.number().int().min(1).nullable() }).optional(),
    }),
    output: z.object({ agent: Agent, expiresAt: z.string().nullable(), priceDiamonds: z.number().int(), replayed: z.boolean() }),
  }),
  skills: defineCall({
    path: '/ai/api/v1/agent/skills',
    summary: 'The skill catalogue with prices and usage periods',
    tag: 'agents',
    access: 'public',
    input: EmptyInput,
    output: z.object({ items: z.array(Skill) }),
  }),
};
