import { ErrorCode, GIFT_RULES, type CallInput, type CallOutput, type calls } from '@starlit/contract';
import { formatDay } from '@starlit/contract/rules';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { assertNoBlock } from '../../platform/policy.ts';
import type { AgentsService } from '../agents/agents.service.ts';
import { fingerprintOf, type LedgerService } from '../ledger/ledger.service.ts';
import type { NoticesService } from '../notices/notices.service.ts';
import type { UsersRepository } from '../users/users.repository.ts';
import { giftsRepository, type GiftRow, type GiftSendRow } from './gifts.repository.ts';

type Cost = CallOutput<typeof calls.gifts.list>['gifts'][number]['cost'];
type Send = ReturnType<typeof presentSend>;

/**
 * Work another feature does with a send inside its transaction (a live show records it on stage):
 * it is kept with the send's outcome, so a retry answers it too, and a refusal it throws undoes
 * the send.
 */
export type WithSend<T> = (tx: Tx, send: Send) => Promise<T>;
type Person = { userId: string; userName: string; avatar: string | null };

/**
 * What one gift costs at `now`: a limited-time free gift costs its price in diamonds once its
 * time is over. A price of 0 is free whatever the kind, so it counts against the daily free
 * gifts rather than slipping past both the limit and the books.
 */
export function costOf(gift: GiftRow, now: Date): Cost {
  const free = { currency: 'free', amount: 0 } as const;
  if (gift.priceKind === 'free' || gift.price === 0) return free;
  if (gift.priceKind === 'limited_free') return gift.freeUntil && gift.freeUntil > now ? free : { currency: 'JE', amount: gift.price };
  return { currency: gift.priceKind === 'points' ? 'MSS' : 'JE', amount: gift.price };
}

/** The owner's share of a paid send, in its currency, rounded down (docs/economy.md, Gifts). */
export const ownerShareOf = (total: number) => Math.floor((total * GIFT_RULES.ownerSharePercent) / 100);

const presentSend = (row: GiftSendRow, sender: Person) => ({
  id: row.id,
  giftKey: row.giftKey as GiftRow['key'],
  count: row.count,
  cost: { currency: row.currency as Cost['currency'], amount: row.unitPrice },
  sender,
  sentAt: row.createdAt.toISOString(),
});

/**
 * Gifts (docs/economy.md, Gifts): a person sends gifts to an agent they can see, paying through
 * the ledger under their key to `gift_revenue`, whose owner receives a share in the same
 * transaction; gifts at no cost are counted per sender per UTC+8 day in the database. The
 * sent gift is kept for the agent's wall and leaderboard, and its owner gets a notice.
 */
export function giftsService(deps: { db: Db; ledger: LedgerService; agents: AgentsService; notices: NoticesService; users: UsersRepository; log: FastifyBaseLogger }) {
  const gifts = giftsRepository(deps.db);
  const { freePerDay } = GIFT_RULES;

  /** One send, its refusals as AppErrors (docs/economy.md, Gifts). */
  async function sendGift<T = null>(userId: string, input: CallInput<typeof calls.gifts.send>, withSend?: WithSend<T>) {
    const { agentId, giftKey } = input;
    const count = input.count ?? 1;
    if (!giftKey) throw new AppError(ErrorCode.GIFT_REQUIRED);
    const me = await deps.users.byId(userId);
    if (!me) throw new AppError(ErrorCode.USER_NOT_FOUND);
    const sender = { userId, userName: me.userName, avatar: me.avatar };
    let notice: { ring: () => Promise<void> } | undefined;

    // the agent's visibility and blocks are checked inside the request: a replay answers the first send even after a block or the agent going private
    const { outcome, replayed } = await deps.ledger.run(userId, input.key, fingerprintOf('gift', { agentId, giftKey, count, cost: input.cost ?? null }), async (books) => {
      const agent = await deps.agents.visible(userId, agentId, books.tx);
      // a person's gifts to their own agent would only fill its wall and leaderboard
      if (agent.ownerId === userId) throw new AppError(ErrorCode.GIFT_OWN_AGENT);
      const repo = giftsRepository(books.tx);
      const gift = await repo.byKey(giftKey);
      if (!gift) throw new AppError(ErrorCode.GIFT_NOT_FOUND);
      const now = new Date();
      if (gift.expiresAt && gift.expiresAt <= now) throw new AppError(ErrorCode.GIFT_EXPIRED);
      const cost = costOf(gift, now);
      // the person agreed to the price they were shown; a limited-time gift whose time ran out is theirs to see first
      if (input.cost && (input.cost.currency !== cost.currency || input.cost.amount !== cost.amount)) throw new AppError(ErrorCode.GIFT_PRICE_CHANGED);
      // in the transaction, so a block made while this request waited still wins
      await assertNoBlock(books.tx, userId, agent.ownerId);
      const day = formatDay(now);
      let freeUsed: number;
      if (cost.currency === 'free') {
        const taken = await repo.takeFree(userId, day, count, freePerDay);
        if (taken === null) throw new AppError(ErrorCode.GIFT_DAILY_LIMIT);
        freeUsed = taken;
      } else {
        freeUsed = await repo.freeUsed(userId, day);
      }
      const total = cost.amount * count;
      const share = cost.currency === 'free' ? 0 : ownerShareOf(total);
      const row = await repo.insertSend({
        giftId: gift.id,
        giftKey: gift.key,
        agentId,
        senderId: userId,
        ownerId: agent.ownerId,
        count,
        currency: cost.currency,
        unitPrice: cost.amount,
        ownerShare: share,
        createdAt: now,
      });
      if (cost.currency !== 'free' && total > 0) {
        // the agent's name as it was: records must not show a later name, nor one of an agent gone private
        const memo = { giftId: row.id, giftKey: gift.key, agentId, agentName: agent.nickname };
        const currency = cost.currency;
        await books.move(
          { from: { user: userId }, to: { system: 'gift_revenue' }, currency, amount: total, kind: 'gift', memo },
          ...(share > 0 ? [{ from: { system: 'gift_revenue' as const }, to: { user: agent.ownerId }, currency, amount: share, kind: 'gift_share', memo }] : []),
        );
      }
      // the owner's notice in the send's transaction: a send is never kept without it
      notice = await deps.notices.writeInteract(books.tx, {
        recipientId: agent.ownerId,
        actorId: userId,
        targetType: 'agent',
        targetId: agentId,
        template: { kind: 'gift', params: { actorName: me.userName, agentName: agent.nickname, giftKey, count } },
      });
      const send = presentSend(row, sender);
      // without a hook T is its default, null
      const also = (withSend ? await withSend(books.tx, send) : null) as T;
      return { send, freeLeftToday: freePerDay - freeUsed, also };
    });
    // the gift and its notice are kept: a bell that cannot ring must not answer "Send gift failed", or the client would pay again under a new key
    if (!replayed) await notice?.ring().catch((err: unknown) => deps.log.warn({ err, agentId, giftSendId: outcome.send.id }, 'gift notice bell not rung'));
    return { ...outcome, replayed };
  }

  return {
    async list(viewerId: string | null, now = new Date()) {
      const rows = await gifts.all();
      const freeLeftToday = viewerId ? freePerDay - (await gifts.freeUsed(viewerId, formatDay(now))) : null;
      return {
        gifts: rows.map((g) => ({
          key: g.key,
          priceKind: g.priceKind,
          price: g.price,
          cost: costOf(g, now),
          freeUntil: g.freeUntil?.toISOString() ?? null,
          expiresAt: g.expiresAt?.toISOString() ?? null,
          expired: g.expiresAt !== null && g.expiresAt <= now,
        })),
        freePerDay,
        freeLeftToday,
      };
    },

    /** Admins (the economy console): every gift's pricing as stored. */
    all: () => gifts.all(),

    /**
     * Admins: how a gift is sold from now on. The fields must fit together (each refusal has its
     * own text); sends made keep the price they were sent at, and a sender shown the old price
     * is refused (8607) and shown the new one.
     */
    async setPricing(input: { giftKey: GiftRow['key']; priceKind: GiftRow['priceKind']; price: number; freeUntil: string | null; expiresAt: string | null }) {
      const { priceKind, price } = input;
      const freeUntil = input.freeUntil === null ? null : new Date(input.freeUntil);
      const expiresAt = input.expiresAt === null ? null : new Date(input.expiresAt);
      if (priceKind === 'free' && price !== 0) throw new AppError(ErrorCode.ECONOMY_ADMIN_GIFT_FREE_PRICED);
      if (priceKind !== 'free' && price < 1) throw new AppError(ErrorCode.ECONOMY_ADMIN_GIFT_PRICE_REQUIRED);
      if (priceKind === 'limited_free' && !freeUntil) throw new AppError(ErrorCode.ECONOMY_ADMIN_GIFT_FREE_UNTIL_REQUIRED);
      if (priceKind !== 'limited_free' && freeUntil) throw new AppError(ErrorCode.ECONOMY_ADMIN_GIFT_FREE_UNTIL_UNUSED);
      if (freeUntil && expiresAt && freeUntil >= expiresAt) throw new AppError(ErrorCode.ECONOMY_ADMIN_GIFT_FREE_AFTER_EXPIRY);
      if (!(await gifts.setPricing(input.giftKey, { priceKind, price, freeUntil, expiresAt }))) throw new AppError(ErrorCode.ECONOMY_ADMIN_GIFT_NOT_FOUND);
    },

    /**
     * Sends a gift, and runs `withSend` in its transaction when given; anything unforeseen reads
     * "Send gift failed" (SPEC §8), and the log keeps what it was.
     */
    async send<T = null>(userId: string, input: CallInput<typeof calls.gifts.send>, withSend?: WithSend<T>) {
      try {
        return await sendGift(userId, input, withSend);
      } catch (error) {
        if (error instanceof AppError) throw error;
        deps.log.error({ err: error }, 'gift send failed');
        throw new AppError(ErrorCode.GIFT_SEND_FAILED);
      }
    },

    async wall(viewerId: string | null, agentId: string) {
      await deps.agents.visible(viewerId, agentId);
      const rows = await gifts.wall(agentId, viewerId, GIFT_RULES.wallSize);
      return { items: rows.map((r) => presentSend(r.send, r.sender)) };
    },

    async leaderboard(viewerId: string | null, agentId: string) {
      await deps.agents.visible(viewerId, agentId);
      return { items: await gifts.leaderboard(agentId, viewerId, GIFT_RULES.leaderboardSize) };
    },
  };
}

export type GiftsService = ReturnType<typeof giftsService>;
