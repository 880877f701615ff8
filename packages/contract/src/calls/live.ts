import { z } from 'zod';
import { defineCall, EmptyInput, PageInput, pageOf } from '../call.ts';
import type { MessageKey } from '../i18n/messages.ts';
import { characterCount } from '../rules/agent.ts';
import { displayWidth } from '../rules/display-width.ts';
import { ScoreCursor } from '../rules/cursor.ts';
import { withoutControlCharacters } from '../rules/plain-text.ts';
import { GiftCost, GiftKey, GIFT_RULES } from './gifts.ts';
import { IdempotencyKey } from './ledger.ts';

/** Limits and pacing of live shows (docs/live.md says why these numbers). */
export const LIVE_LIMITS = {
  /** Display width of a show's title (a Chinese character counts 2). */
  titleWidth: 40,
  /** Characters of the greeting line. */
  greeting: 200,
  /** Characters of one chat message, after trimming. */
  chatText: 200,
  /** Tracks of a playlist. */
  playlist: 20,
  /** Events one catch-up answers at most; a viewer further behind pages on. */
  catchUp: 500,
  /** The slow-mode choices, in seconds between one person's messages (0: off). */
  slowModes: [0, 3, 10, 30, 60],
  /** Bytes of an uploaded cover picture. */
  coverBytes: 5 * 1024 * 1024,
} as const;

/**
 * How the agent talks (docs/live.md, The agent talks): arrivals are greeted at most once in this
 * many milliseconds (the names of everyone who came meanwhile in one line), and it answers at most
 * one message per turn, from those sent in the last `answerWindowMs`.
 */
export const LIVE_TALK = { greetEveryMs: 8_000, answerWindowMs: 30_000, greetNames: 3 } as const;

/** Who may chat in a show: everyone signed in, the agent's followers, or nobody (the owner always may). */
export const LiveChatPolicy = z.enum(['everyone', 'followers', 'nobody']);
export type LiveChatPolicy = z.infer<typeof LiveChatPolicy>;

/** The stages every show may use without buying a Scene item; the web draws them. */
export const LIVE_DEFAULT_SCENES = ['stage', 'starry', 'sunset'] as const;
export const LiveDefaultScene = z.enum(LIVE_DEFAULT_SCENES);

/** The look of the agent's reply, which its face follows (VRM expressions). */
export const LiveMood = z.enum(['neutral', 'happy', 'sad', 'angry', 'surprised', 'relaxed']);
export type LiveMood = z.infer<typeof LiveMood>;

const Person = z.object({ userId: z.string(), userName: z.string(), avatar: z.string().nullable() });
const Bilingual = z.object({ en: z.string(), zhTW: z.string() });

/** A stage: a default one, or a Scene item the owner bought (`id` is then the item's id). */
export const LiveScene = z.object({
  id: z.string(),
  kind: z.enum(['default', 'item']),
  name: Bilingual,
  cover: z.string().nullable(),
});

/** Where a track comes from: a Music item the owner owns, or one of their music or dance works. */
export const LiveTrackSource = z.object({ kind: z.enum(['item', 'work']), id: z.string().uuid() });

/** A track of a playlist as the stage plays it. */
export const LiveTrack = z.object({
  source: LiveTrackSource,
  title: z.string(),
  cover: z.string().nullable(),
  audio: z.string(),
  /** The dance (a .vrma); null while the server is still dancing a song that came without one. */
  dance: z.string().nullable(),
  seconds: z.number(),
  bpm: z.number().nullable(),
});
export type LiveTrack = z.infer<typeof LiveTrack>;

/** A giver on a show's leaderboard: diamonds, then points, then gifts. */
export const LiveGiver = z.object({ user: Person, diamonds: z.number().int(), points: z.number().int(), gifts: z.number().int() });

export const LiveSummary = z.object({
  peakViewers: z.number().int(),
  messages: z.number().int(),
  gifts: z.number().int(),
  diamonds: z.number().int(),
  points: z.number().int(),
  seconds: z.number().int(),
  topGivers: z.array(LiveGiver),
});

const LiveAgent = z.object({
  id: z.string(),
  nickname: z.string(),
  /** The 2D picture. */
  avatar: z.string().nullable(),
  /** The 3D model; null for a 2D agent, which appears as its picture on a stage card. */
  vrm: z.string().nullable(),
});

/** A show in a list (home, community). */
export const LiveShowCard = z.object({
  id: z.string(),
  title: z.string(),
  cover: z.string().nullable(),
  agent: LiveAgent,
  owner: Person,
  viewers: z.number().int(),
  startedAt: z.string(),
});

/** What the caller may do in a show. */
export const LiveMe = z.object({
  isOwner: z.boolean(),
  signedIn: z.boolean(),
  muted: z.boolean(),
  /** Why the caller cannot chat now (an error code of this feature), null when they can. */
  chatRefusal: z.number().int().nullable(),
});

export const LiveShow = LiveShowCard.extend({
  state: z.enum(['live', 'ended']),
  scene: LiveScene,
  playlist: z.array(LiveTrack),
  greeting: z.string(),
  chatPolicy: LiveChatPolicy,
  slowModeSeconds: z.number().int(),
  endedAt: z.string().nullable(),
  /** The show's clock: the playlist started at `startedAt` and loops; see `live/clock` for the server's time. */
  lastSeq: z.number().int(),
  board: z.array(LiveGiver),
  summary: LiveSummary.nullable(),
  me: LiveMe,
});
export type LiveShow = z.infer<typeof LiveShow>;

const EventBase = { seq: z.number().int(), at: z.string() };

/** Everything that happens in a show, numbered in order (`seq` from 1), kept and replayed to a viewer who reconnects. */
export const LiveEvent = z.discriminatedUnion('kind', [
  z.object({ ...EventBase, kind: z.literal('chat'), user: Person, text: z.string(), deleted: z.boolean() }),
  z.object({ ...EventBase, kind: z.literal('gift'), user: Person, giftKey: GiftKey, count: z.number().int(), cost: GiftCost, board: z.array(LiveGiver) }),
  z.object({
    ...EventBase,
    kind: z.literal('agent'),
    /** Why it speaks: answering a message, greeting arrivals, thanking a giver. */
    reason: z.enum(['answer', 'greet', 'thanks']),
    text: z.string(),
    /** Its spoken line; null when speech failed (the text is still shown). */
    audio: z.string().nullable(),
    mood: LiveMood,
    /** The message it answers. */
    replyTo: z.number().int().nullable(),
    /** It could not speak at all (a greeting that failed is told to the owner as "Greeting failed"). */
    failed: z.boolean(),
  }),
  z.object({ ...EventBase, kind: z.literal('moderation'), action: z.enum(['delete', 'mute', 'unmute', 'remove']), targetSeq: z.number().int().nullable(), user: Person.nullable() }),
  z.object({ ...EventBase, kind: z.literal('settings'), chatPolicy: LiveChatPolicy, slowModeSeconds: z.number().int(), greeting: z.string(), title: z.string() }),
  z.object({ ...EventBase, kind: z.literal('playlist'), playlist: z.array(LiveTrack) }),
  z.object({ ...EventBase, kind: z.literal('end'), summary: LiveSummary }),
]);
export type LiveEvent = z.infer<typeof LiveEvent>;

/**
 * Frames of a show's event stream (`GET /ai/live/{showId}/stream?after=N`, server-sent events):
 * `event` carries one LiveEvent (its SSE id is the seq), `viewers` the count now, `hello` the
 * newest seq and the server's time when the stream opens, `reset` that the viewer is too far
 * behind to catch up event by event and should read the show again.
 */
export const LIVE_STREAM_EVENTS = ['hello', 'event', 'viewers', 'reset'] as const;

const byWidth = (max: number, required: MessageKey, tooLong: MessageKey) =>
  z
    .string({ message: required })
    .transform(withoutControlCharacters)
    .pipe(
      z
        .string()
        .trim()
        .min(1, { message: required })
        .refine((v) => displayWidth(v) <= max, { message: tooLong }),
    );

export const LiveTitle = byWidth(LIVE_LIMITS.titleWidth, 'live.titleRequired', 'live.titleTooLong');

export const LiveGreeting = z
  .string()
  .transform(withoutControlCharacters)
  .pipe(
    z
      .string()
      .trim()
      .refine((v) => characterCount(v) <= LIVE_LIMITS.greeting, { message: 'live.greetingTooLong' satisfies MessageKey }),
  );

export const LiveChatText = z
  .string({ message: 'live.textRequired' satisfies MessageKey })
  .transform(withoutControlCharacters)
  .pipe(
    z
      .string()
      .trim()
      .min(1, { message: 'live.textRequired' satisfies MessageKey })
      .refine((v) => characterCount(v) <= LIVE_LIMITS.chatText, { message: 'live.textTooLong' satisfies MessageKey }),
  );

const SlowMode = z
  .number()
  .int()
  .refine((v) => (LIVE_LIMITS.slowModes as readonly number[]).includes(v), { message: 'live.slowModeInvalid' satisfies MessageKey });

/** The settings of LIVE_SETTING that can change while the show is on. */
const LiveSettings = z.object({ title: LiveTitle, greeting: LiveGreeting, chatPolicy: LiveChatPolicy, slowModeSeconds: SlowMode });

const ShowId = z.object({ showId: z.string().uuid() });
const tag = 'live';

export const liveCalls = {
  options: defineCall({
    path: '/ai/api/v1/live/options',
    summary: 'What LIVE_SETTING offers for your agent: the stages (defaults and your Scene items), the tracks (your Music items, music works and dance works), and its show if it is live',
    tag,
    access: 'user',
    input: z.object({ agentId: z.string().uuid() }),
    output: z.object({
      scenes: z.array(LiveScene),
      tracks: z.array(LiveTrack.omit({ audio: true, dance: true }).extend({ danced: z.boolean() })),
      showId: z.string().nullable(),
    }),
  }),
  start: defineCall({
    path: '/ai/api/v1/live/start',
    summary: 'Open a live show for your published agent: 9503 when it is live already, 9504 unpublished, 9505 no track, 9506/9507 a track or scene you do not own',
    tag,
    access: 'user',
    input: LiveSettings.extend({
      agentId: z.string().uuid(),
      /** A picture (base64, jpg/png/webp up to 5 MB) for the cover; null shows the agent's picture. */
      cover: z.string().nullable(),
      sceneId: z.string(),
      playlist: z.array(LiveTrackSource).max(LIVE_LIMITS.playlist),
    }),
    output: LiveShow,
  }),
  update: defineCall({
    path: '/ai/api/v1/live/update',
    summary: 'Change your live show’s title, greeting, who may chat and slow mode while it is on',
    tag,
    access: 'user',
    input: LiveSettings.extend(ShowId.shape),
    output: LiveShow,
  }),
  end: defineCall({
    path: '/ai/api/v1/live/end',
    summary: 'End your live show: every viewer gets its summary (peak viewers, messages, gifts)',
    tag,
    access: 'user',
    input: ShowId,
    output: LiveShow,
  }),
  get: defineCall({
    path: '/ai/api/v1/live/get',
    summary: 'A live show (on or ended) with its playlist, leaderboard and what you may do; 9501 when it does not exist or a block stands between you and its owner',
    tag,
    access: 'public',
    input: ShowId,
    output: LiveShow,
  }),
  ofAgent: defineCall({
    path: '/ai/api/v1/live/of_agent',
    summary: "The agent's live show now, or null",
    tag,
    access: 'public',
    input: z.object({ agentId: z.string().uuid() }),
    output: z.object({ show: LiveShowCard.nullable() }),
  }),
  list: defineCall({
    path: '/ai/api/v1/live/list',
    summary: 'The shows on now, most watched first, with their viewer counts',
    tag,
    access: 'public',
    // ordered by a number (the viewers): its cursor carries it as the score
    input: PageInput.extend({ cursor: ScoreCursor.optional() }),
    output: pageOf(LiveShowCard),
  }),
  events: defineCall({
    path: '/ai/api/v1/live/events',
    summary: `A show's events after a seq, oldest first, at most ${LIVE_LIMITS.catchUp}: what a viewer missed`,
    tag,
    access: 'public',
    input: ShowId.extend({ after: z.number().int().min(0), limit: z.number().int().min(1).max(LIVE_LIMITS.catchUp).default(LIVE_LIMITS.catchUp) }),
    output: z.object({ items: z.array(LiveEvent), lastSeq: z.number().int() }),
  }),
  clock: defineCall({
    path: '/ai/api/v1/live/clock',
    summary: "The server's time in milliseconds, for a viewer to set the show's playhead",
    tag,
    access: 'public',
    input: EmptyInput,
    output: z.object({ now: z.number() }),
  }),
  chat: defineCall({
    path: '/ai/api/v1/live/chat',
    summary: 'Say something in a show; a retry with the same clientId answers the same message. 9508 chat closed, 9509 followers only, 9510 muted, 9511 removed, 9512 slow mode',
    tag,
    access: 'user',
    input: ShowId.extend({ text: LiveChatText, clientId: IdempotencyKey }),
    output: z.object({ event: LiveEvent }),
  }),
  gift: defineCall({
    path: '/ai/api/v1/live/gift',
    summary:
      "Send a gift to the show's agent on stage, paid as every gift (gifts/send) and shown in the same transaction; everyone sees it and the leaderboard. The same key in another show is another gift",
    tag,
    access: 'user',
    input: ShowId.extend({
      giftKey: GiftKey.nullable().optional(),
      count: z.number().int().min(1).max(GIFT_RULES.maxCount).default(1),
      cost: GiftCost.optional(),
      key: IdempotencyKey,
    }),
    output: z.object({ event: LiveEvent, freeLeftToday: z.number().int() }),
  }),
  moderate: defineCall({
    path: '/ai/api/v1/live/moderate',
    summary: "Your show's moderation: delete a message (`seq`), mute, unmute or remove a viewer (`userId`) for this show",
    tag,
    access: 'user',
    input: ShowId.extend({ action: z.enum(['delete', 'mute', 'unmute', 'remove']), seq: z.number().int().min(1).optional(), userId: z.string().uuid().optional() }),
    output: z.object({ event: LiveEvent }),
  }),
};
