import { sql } from 'drizzle-orm';
import type { LiveScene, LiveTrack } from '@starlit/contract';
import type { z } from 'zod';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { agents } from './agents.ts';
import { users } from './users.ts';

/**
 * A live show (docs/live.md): an agent on stage with its playlist, run by the server's clock
 * (the playlist started at `started_at` and loops). `last_seq` numbers the show's events; the
 * counters make its summary without counting the events again.
 */
export const liveShows = pgTable(
  'live_shows',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    agentId: uuid('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    // an uploaded cover's address; null shows the agent's picture
    cover: text('cover'),
    scene: jsonb('scene').$type<z.infer<typeof LiveScene>>().notNull(),
    playlist: jsonb('playlist').$type<LiveTrack[]>().notNull(),
    greeting: text('greeting').notNull().default(''),
    chatPolicy: text('chat_policy', { enum: ['everyone', 'followers', 'nobody'] }).notNull(),
    slowModeSeconds: integer('slow_mode_seconds').notNull().default(0),
    state: text('state', { enum: ['live', 'ended'] })
      .notNull()
      .default('live'),
    startedAt: timestamp('started_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true, precision: 3 }),
    lastSeq: integer('last_seq').notNull().default(0),
    viewers: integer('viewers').notNull().default(0),
    // the last time anyone (its owner included) was counted watching: a show nobody watches ends by itself
    watchedAt: timestamp('watched_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    peakViewers: integer('peak_viewers').notNull().default(0),
    messages: integer('messages').notNull().default(0),
    gifts: integer('gifts').notNull().default(0),
    diamonds: integer('diamonds').notNull().default(0),
    points: integer('points').notNull().default(0),
    // the agent's talk: the last message it considered, when it last greeted, when its last line ends
    answeredSeq: integer('answered_seq').notNull().default(0),
    thankedSeq: integer('thanked_seq').notNull().default(0),
    greetedAt: timestamp('greeted_at', { withTimezone: true, precision: 3 }),
    speakingUntil: timestamp('speaking_until', { withTimezone: true, precision: 3 }),
  },
  (t) => [
    // one show at a time per agent
    uniqueIndex('live_shows_agent_live_idx').on(t.agentId).where(sql`${t.state} = 'live'`),
    index('live_shows_live_viewers_idx').on(t.viewers.desc(), t.startedAt.desc(), t.id.desc()).where(sql`${t.state} = 'live'`),
    index('live_shows_owner_idx').on(t.ownerId, t.startedAt),
  ],
);

/**
 * Everything that happened in a show, in order. `body` is the event without its seq, time and
 * person (the presenter puts them back); a chat message or a gift keeps the key its sender sent,
 * so a retried request answers the event it made.
 */
export const liveEvents = pgTable(
  'live_events',
  {
    showId: uuid('show_id')
      .notNull()
      .references(() => liveShows.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    kind: text('kind', { enum: ['chat', 'gift', 'agent', 'moderation', 'settings', 'playlist', 'end'] }).notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    body: jsonb('body').$type<Record<string, unknown>>().notNull(),
    clientKey: text('client_key'),
    deleted: boolean('deleted').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.showId, t.seq] }), uniqueIndex('live_events_client_key_idx').on(t.showId, t.userId, t.clientKey).where(sql`${t.clientKey} is not null`)],
);

/** A signed-in person in a show: when they came, whether the agent greeted them, mutes and removals, slow mode. */
export const liveMembers = pgTable(
  'live_members',
  {
    showId: uuid('show_id')
      .notNull()
      .references(() => liveShows.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    joinedAt: timestamp('joined_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    greeted: boolean('greeted').notNull().default(false),
    muted: boolean('muted').notNull().default(false),
    removed: boolean('removed').notNull().default(false),
    lastChatAt: timestamp('last_chat_at', { withTimezone: true, precision: 3 }),
  },
  (t) => [primaryKey({ columns: [t.showId, t.userId] }), index('live_members_greet_idx').on(t.showId, t.joinedAt).where(sql`not ${t.greeted}`)],
);

/** What each person gave in a show (its live leaderboard), kept in the gift's transaction. */
export const liveGivers = pgTable(
  'live_givers',
  {
    showId: uuid('show_id')
      .notNull()
      .references(() => liveShows.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    diamonds: integer('diamonds').notNull().default(0),
    points: integer('points').notNull().default(0),
    gifts: integer('gifts').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.showId, t.userId] }), index('live_givers_rank_idx').on(t.showId, t.diamonds.desc(), t.points.desc(), t.gifts.desc())],
);
