import type { Agent, AgentCard, AgentSkill, Skill } from '@starlit/contract';
import type { z } from 'zod';
import type { AgentRow, SkillRow, SkillTermRow } from './agents.repository.ts';
import type { AgentDetail } from './agents.service.ts';

const owner = (row: AgentRow) => ({ userId: row.ownerId, userName: row.ownerName, avatar: row.ownerAvatar });
const status = (row: AgentRow): 'published' | 'draft' => (row.publishedAt ? 'published' : 'draft');

/** A bought skill works until its expiry, or for good when it has none. */
export const isActive = (term: SkillTermRow, now: Date) => term.expiresAt === null || term.expiresAt > now;

function presentAgentSkill(row: SkillRow, term: SkillTermRow | undefined, now: Date): z.input<typeof AgentSkill> {
  return { ...presentSkill(row), owned: term !== undefined, active: term !== undefined && isActive(term, now), expiresAt: term?.expiresAt?.toISOString() ?? null };
}

export function presentSkill(row: SkillRow): z.input<typeof Skill> {
  return { key: row.key, priceDiamonds: row.priceDiamonds, usageDays: row.usageDays };
}

/** The full agent; what publishing still needs is told to its owner only. */
export function presentAgent(found: AgentDetail, viewerId: string | null): z.input<typeof Agent> {
  const { row } = found;
  const isOwner = row.ownerId === viewerId;
  const terms = new Map(found.terms.map((term) => [term.skillKey, term]));
  const now = new Date();
  return {
    id: row.id,
    owner: owner(row),
    isOwner,
    nickname: row.nickname,
    gender: row.gender,
    roleSetting: row.roleSetting,
    roleIntro: row.roleIntro,
    opening: row.opening,
    tags: row.tags,
    avatar: {
      kind: row.avatarKind,
      image: row.avatar,
      vrm: row.avatarVrm,
      editPrompt: row.avatarEditPrompt,
      referenceImage: row.avatarReferenceImage,
      style: row.avatarStyle,
    },
    // a skill works while bought and not expired; others than the owner see only working ones
    skills: found.skills.map((skill) => presentAgentSkill(skill, terms.get(skill.key), now)).filter((skill) => isOwner || skill.active),
    skillTerms: isOwner ? found.terms.map((term) => ({ key: term.skillKey, expiresAt: term.expiresAt?.toISOString() ?? null, active: isActive(term, now) })) : [],
    voices: found.voices.map((v) => ({ voiceId: v.voiceId, name: v.name, gender: v.gender, cloned: !v.isOfficial, pitch: v.pitch, volume: v.volume, speed: v.speed })),
    isPublic: row.isPublic,
    status: status(row),
    publishedAt: row.publishedAt?.toISOString() ?? null,
    audition: found.audition ? { audio: found.audition.audio, engine: found.audition.engine, createdAt: found.audition.createdAt.toISOString() } : null,
    missing: isOwner ? found.missing : [],
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function presentAgentCard(row: AgentRow): z.input<typeof AgentCard> {
  return {
    id: row.id,
    owner: owner(row),
    nickname: row.nickname,
    gender: row.gender,
    roleIntro: row.roleIntro,
    tags: row.tags,
    avatar: row.avatar,
    isPublic: row.isPublic,
    status: status(row),
    publishedAt: row.publishedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}
