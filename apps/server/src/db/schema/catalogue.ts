import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** An eSpeak NG voice and its prosody (official voices, and offline clones). */
export interface EspeakVoiceParams {
  engine: 'espeak-ng';
  /** eSpeak NG voice name with an optional variant, e.g. `en-us+f3` or `cmn+m2`. */
  voice: string;
  /** eSpeak pitch, 0–99 (50 is the voice's own). */
  pitch: number;
  /** Words per minute, 80–450. */
  speed: number;
}

/** A voice name of an OpenAI-compatible speech endpoint, e.g. `nova`. */
export interface OpenAiVoiceParams {
  engine: 'openai';
  voice: string;
}

/** A voice made by the HTTP voice-cloning service; spoken through the speech endpoint by its id. */
export interface CloneServiceVoiceParams {
  engine: 'clone-service';
  voiceId: string;
}

/** How the speech engine renders a voice. */
export type VoiceEngineParams = EspeakVoiceParams | OpenAiVoiceParams | CloneServiceVoiceParams;

/** Where a cloned voice is in its life (official voices are always done). */
export const VOICE_STATUSES = ['creating', 'done', 'failed'] as const;

/** Voices an agent can speak with: official ones, and users' own cloned ones. */
export const voices = pgTable(
  'voices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    gender: text('gender', { enum: ['Male', 'Female'] }).notNull(),
    // BCP 47 tag of the language the voice speaks, e.g. en or zh
    language: text('language').notNull(),
    isOfficial: boolean('is_official').notNull().default(false),
    // null for official voices
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'cascade' }),
    // null while a clone is still being made, or when it failed
    engineParams: jsonb('engine_params').$type<VoiceEngineParams>(),
    status: text('status', { enum: VOICE_STATUSES }).notNull().default('done'),
    // why a clone failed: a key of the contract's ErrorCode, shown in the reader's language
    failureReason: text('failure_reason'),
    // the cloning engine that made an own voice (the UI says which one), null for official voices
    clonedBy: text('cloned_by'),
    // storage key of the uploaded clip, kept so a clone interrupted by a restart can resume
    clipKey: text('clip_key'),
    // URL of a short spoken sample, as storage.put answers it
    sample: text('sample'),
    priceDiamonds: integer('price_diamonds').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    index('voices_owner_idx').on(t.ownerId),
    index('voices_status_idx').on(t.status),
    check('voices_price_diamonds_nonnegative', sql`${t.priceDiamonds} >= 0`),
    check('voices_done_has_params', sql`${t.status} <> 'done' or ${t.engineParams} is not null`),
  ],
);

/** Premium official voices a person bought (SPEC §4: purchased or not); bought once, kept for good. */
export const voicePurchases = pgTable(
  'voice_purchases',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    voiceId: uuid('voice_id')
      .notNull()
      .references(() => voices.id, { onDelete: 'cascade' }),
    priceDiamonds: integer('price_diamonds').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.voiceId] })],
);

/** Gifts of SPEC §1, one row per kind. */
export const gifts = pgTable(
  'gifts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    key: text('key', { enum: ['heart', 'lollipop', 'beer', 'finger_heart', 'rose', 'balloon', 'firework'] })
      .notNull()
      .unique(),
    // `price` is in points or diamonds as price_kind says; a limited_free gift costs
    // `price` diamonds once free_until has passed
    priceKind: text('price_kind', { enum: ['free', 'limited_free', 'points', 'diamonds'] }).notNull(),
    price: integer('price').notNull().default(0),
    freeUntil: timestamp('free_until', { withTimezone: true, precision: 3 }),
    // after this moment the gift can no longer be sent ("Gift is Expired", SPEC §8)
    expiresAt: timestamp('expires_at', { withTimezone: true, precision: 3 }),
    sort: integer('sort').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [check('gifts_price_nonnegative', sql`${t.price} >= 0`)],
);

/**
 * What the store sells (docs/economy.md, Store): agent outfits, scenes, music and avatars, each
 * priced in diamonds (JE) or points (MSS). Music items carry a preview to listen to.
 */
export const storeItems = pgTable(
  'store_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    category: text('category', { enum: ['Clothing', 'Scene', 'Music', 'Avatar'] }).notNull(),
    nameEn: text('name_en').notNull(),
    nameZhTw: text('name_zh_tw').notNull(),
    descriptionEn: text('description_en').notNull().default(''),
    descriptionZhTw: text('description_zh_tw').notNull().default(''),
    price: integer('price').notNull(),
    currency: text('currency', { enum: ['JE', 'MSS'] })
      .notNull()
      .default('JE'),
    // URL of the cover image, as storage.put answers it
    cover: text('cover').notNull(),
    // URL of an audio preview (Music items)
    preview: text('preview'),
    sort: integer('sort').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    index('store_items_category_sort_idx').on(t.category, t.sort),
    // a purchase moves the price through the ledger, whose movements are positive
    check('store_items_price_positive', sql`${t.price} > 0`),
    check('store_items_currency', sql`${t.currency} in ('JE', 'MSS')`),
  ],
);
