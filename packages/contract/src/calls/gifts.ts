import { z } from 'zod';
import { defineCall, EmptyInput } from '../call.ts';
import { IdempotencyKey } from './ledger.ts';

/** The seven gifts of SPEC §1, in the order they are shown. */
export const GIFT_KEYS = ['heart', 'lollipop', 'beer', 'finger_heart', 'rose', 'balloon', 'firework'] as const;
export const GiftKey = z.enum(GIFT_KEYS);
/** How a gift is sold: free, free for a limited time (then `price` diamonds), or points or diamonds. */
export const GiftPriceKind = z.enum(['free', 'limited_free', 'points', 'diamonds']);

/** Gift names, for notices written on the server in the reader's language (the web has its own locale files). */
export const GIFT_NAMES: Record<z.infer<typeof GiftKey>, { en_US: string; zh_TW: string }> = {
  heart: { en_US: 'Heart', zh_TW: '愛心' },
  lollipop: { en_US: 'Lollipop', zh_TW: '棒棒糖' },
  beer: { en_US: 'Beer', zh_TW: '啤酒' },
  finger_heart: { en_US: 'Finger Heart', zh_TW: '比心' },
  rose: { en_US: 'Rose', zh_TW: '玫瑰' },
  balloon: { en_US: 'Balloon', zh_TW: '氣球' },
  firework: { en_US: 'Firework', zh_TW: '煙火' },
};

/**
 * The rules of gifts (docs/economy.md, Gifts): gifts sent at no cost, counted together, per
 * sender per UTC+8 day; the share of a paid gift its agent's owner receives, in the gift's
 * currency, rounded down; how many of one gift a send may carry.
 */
export const GIFT_RULES = { freePerDay: 5, ownerSharePercent: 50, maxCount: 99, wallSize: 20, leaderboardSize: 10 } as const;

/** What a gift costs now: nothing (free, or limited-time free still), points (MSS) or diamonds (JE). */
export const GiftCost = z.object({ currency: z.enum(['free', 'MSS', 'JE']), amount: z.number().int() });

export const Gift = z.object({
  key: GiftKey,
  /** How it is sold: free, free for a limited time (then `price` diamonds), or points or diamonds. */
  priceKind: GiftPriceKind,
  price: z.number().int(),
  /** The price of one gift now. */
  cost: GiftCost,
  /** Until when a limited-time free gift is free (ISO), null otherwise. */
  freeUntil: z.string().nullable(),
  /** After this moment the gift can no longer be sent ("Gift is Expired"), null when it never expires. */
  expiresAt: z.string().nullable(),
  expired: z.boolean(),
});

const GiftPerson = z.object({ userId: z.string(), userName: z.string(), avatar: z.string().nullable() });

export const GiftSend = z.object({
  id: z.string(),
  giftKey: GiftKey,
  count: z.number().int(),
  cost: GiftCost,
  sender: GiftPerson,
  sentAt: z.string(),
});

export const GiftGiver = z.object({
  sender: GiftPerson,
  /** What they gave this agent: diamonds, points, and gifts in all (free ones too). The order: diamonds, then points, then gifts. */
  diamonds: z.number().int(),
  points: z.number().int(),
  gifts: z.number().int(),
});

const AgentId = z.object({ agentId: z.string().uuid() });
const tag = 'gifts';

export const giftCalls = {
  list: defineCall({
    path: '/api/v1/gifts/list',
    summary: 'The gifts with their price now and expiry; signed in, also how many free gifts you may still send today (UTC+8)',
    tag,
    access: 'public',
    input: EmptyInput,
    output: z.object({ gifts: z.array(Gift), freePerDay: z.number().int(), freeLeftToday: z.number().int().nullable() }),
  }),
  send: defineCall({
    path: '/api/v1/gifts/send',
    summary:
      'Send `count` of a gift to an agent you can see under an idempotency key: you pay to gift_revenue, its owner receives a share; 8601 with no gift, 8602 expired, 8603 daily free limit, 8606 your own agent, 8607 price changed',
    tag,
    access: 'user',
    // no gift is answered by the service with its own text (8601, SPEC §5), not a validation failure
    input: z.object({
      agentId: z.string().uuid(),
      giftKey: GiftKey.nullable().optional(),
      count: z.number().int().min(1).max(GIFT_RULES.maxCount).default(1),
      /** The price of one gift the client showed; a different price now is refused (8607), not charged. */
      cost: GiftCost.optional(),
      key: IdempotencyKey,
    }),
    output: z.object({ send: GiftSend, freeLeftToday: z.number().int(), replayed: z.boolean() }),
  }),
  wall: defineCall({
    path: '/api/v1/gifts/wall',
    summary: "An agent's gift wall: its most recent gifts with their senders, newest first",
    tag,
    access: 'public',
    input: AgentId,
    output: z.object({ items: z.array(GiftSend) }),
  }),
  leaderboard: defineCall({
    path: '/api/v1/gifts/leaderboard',
    summary: "An agent's top givers by value: diamonds, then points, then gifts",
    tag,
    access: 'public',
    input: AgentId,
    output: z.object({ items: z.array(GiftGiver) }),
  }),
};
