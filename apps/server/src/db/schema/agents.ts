import { sql } from 'drizzle-orm';
import { boolean, check, doublePrecision, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { voices } from './catalogue.ts';
import { tsvector } from './search.ts';
import { users } from './users.ts';

export const AGENT_GENDERS = ['Unknown', 'Male', 'Female'] as const;
export const SKILL_KEYS = ['TextToImage', 'ImageToImage', 'TextToMusic', 'AIDance'] as const;

/**
 * AI characters. An agent is published while published_at is set (draft otherwise); others
 * see it only when it is also public and not deleted. Deleting only stamps deleted_at, so
 * chats with it stay readable (docs/decisions/0010).
 */
export const agents = pgTable(
  'agents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    nickname: text('nickname').notNull(),
    gender: text('gender', { enum: AGENT_GENDERS }).notNull().default('Unknown'),
    roleSetting: text('role_setting').notNull().default(''),
    roleIntro: text('role_intro').notNull().default(''),
    opening: text('opening').notNull().default(''),
    tags: text('tags').array().notNull().default([]),
    // URL of the 2D picture (what cards and the home grid show)
    avatar: text('avatar'),
    // which avatar the agent page shows first; null until one exists
    avatarKind: text('avatar_kind', { enum: ['2d', '3d'] }),
    // URL of the VRM model of the 3D avatar
    avatarVrm: text('avatar_vrm'),
    // what the 2D picture was generated from (SPEC §3: edit prompt, reference image, style)
    avatarEditPrompt: text('avatar_edit_prompt'),
    avatarReferenceImage: text('avatar_reference_image'),
    avatarStyle: text('avatar_style'),
    isPublic: boolean('is_public').notNull().default(false),
    publishedAt: timestamp('published_at', { withTimezone: true, precision: 3 }),
    deletedAt: timestamp('deleted_at', { withTimezone: true, precision: 3 }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    searchDoc: tsvector('search_doc').generatedAlwaysAs(sql`starlit_search_doc(nickname || ' ' || starlit_join(tags) || ' ' || role_intro)`),
  },
  (t) => [index('agents_public_published_idx').on(t.isPublic, t.publishedAt), index('agents_owner_created_idx').on(t.ownerId, t.createdAt), index('agents_search_idx').using('gin', t.searchDoc)],
);

/** The skills of SPEC §3 with their unit price in diamonds and usage period (docs/economy.md, Skills). */
export const skills = pgTable(
  'skills',
  {
    key: text('key', { enum: SKILL_KEYS }).primaryKey(),
    priceDiamonds: integer('price_diamonds').notNull(),
    // null: permanent (no expiry)
    usageDays: integer('usage_days'),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [check('skills_price_diamonds_nonnegative', sql`${t.priceDiamonds} >= 0`), check('skills_usage_days_positive', sql`${t.usageDays} is null or ${t.usageDays} > 0`)],
);

/** Which skills an agent has. */
export const agentSkills = pgTable(
  'agent_skills',
  {
    agentId: uuid('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    skillKey: text('skill_key', { enum: SKILL_KEYS })
      .notNull()
      .references(() => skills.key),
  },
  (t) => [primaryKey({ columns: [t.agentId, t.skillKey] })],
);

/**
 * A skill bought for an agent (docs/economy.md, Skills): it works until `expires_at`, or for
 * good when that is null. A renewal moves `expires_at` on; the row is never removed, so a
 * skill the owner unchooses keeps what was paid for it.
 */
export const agentSkillTerms = pgTable(
  'agent_skill_terms',
  {
    agentId: uuid('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    skillKey: text('skill_key', { enum: SKILL_KEYS })
      .notNull()
      .references(() => skills.key),
    expiresAt: timestamp('expires_at', { withTimezone: true, precision: 3 }),
    boughtAt: timestamp('bought_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    renewedAt: timestamp('renewed_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.agentId, t.skillKey] })],
);

/** The voices of an agent in order, each with the slider settings of SPEC §9. */
export const agentVoices = pgTable(
  'agent_voices',
  {
    agentId: uuid('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    voiceId: uuid('voice_id')
      .notNull()
      .references(() => voices.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    // semitones −12..12
    pitch: integer('pitch').notNull().default(0),
    // factors 0.5..2
    volume: doublePrecision('volume').notNull().default(1),
    speed: doublePrecision('speed').notNull().default(1),
  },
  (t) => [
    primaryKey({ columns: [t.agentId, t.voiceId] }),
    check('agent_voices_pitch_range', sql`${t.pitch} between -12 and 12`),
    check('agent_voices_volume_range', sql`${t.volume} between 0.5 and 2`),
    check('agent_voices_speed_range', sql`${t.speed} between 0.5 and 2`),
  ],
);

/**
 * Auditions of an agent's opening: the exact text and voice selection they were made from
 * (SHA-256), so publishing can tell whether the current ones were heard.
 */
export const agentAuditions = pgTable(
  'agent_auditions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    agentId: uuid('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    openingSha256: text('opening_sha256').notNull(),
    voicesSha256: text('voices_sha256').notNull(),
    audio: text('audio').notNull(),
    engine: text('engine').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [index('agent_auditions_agent_idx').on(t.agentId, t.createdAt)],
);

/** "My identity" for chatting (SPEC §3): global, or for one agent only. */
export const chatIdentities = pgTable(
  'chat_identities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    agentId: uuid('agent_id').references(() => agents.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    gender: text('gender', { enum: AGENT_GENDERS }).notNull(),
    background: text('background').notNull().default(''),
    isGlobal: boolean('is_global').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [index('chat_identities_user_created_idx').on(t.userId, t.createdAt), check('chat_identities_global_has_no_agent', sql`${t.isGlobal} = (${t.agentId} is null)`)],
);
