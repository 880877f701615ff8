import { createHash } from 'node:crypto';
import { ErrorCode, type CallInput, type calls, type LiveEvent } from '@starlit/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { AppError } from '../../platform/errors.ts';
import { assertNotMuted } from '../../platform/policy.ts';
import type { GiftsService } from '../gifts/gifts.service.ts';
import type { UsersRepository } from '../users/users.repository.ts';
import type { LiveLog } from './live-log.ts';
import { chatRefusal, slowModeWait } from './live.policy.ts';
import { presentEvent } from './live.presenter.ts';
import { liveRepository, type PersonRow } from './live.repository.ts';
import { BOARD_SIZE, type LiveService } from './live.service.ts';

export interface LiveActionsDeps {
  db: Db;
  events: LiveLog;
  shows: Pick<LiveService, 'visibleShow' | 'ownShow'>;
  gifts: Pick<GiftsService, 'send'>;
  users: Pick<UsersRepository, 'byId'>;
  isFollowingAgent(userId: string, agentId: string): Promise<boolean>;
  kickTalk(showId: string): Promise<void>;
  log: FastifyBaseLogger;
}

/**
 * What people do in a show (docs/live.md, Chat, Gifts, Moderation): chat, send gifts, and the
 * owner's moderation. Each is one event, numbered under the show's lock; a chat message or a
 * gift keeps its sender's key, so a retried request answers the event it made and is passed on
 * again (a viewer's hub drops what it has passed on already).
 */
export function liveActions(deps: LiveActionsDeps) {
  /** A person by id; inside a transaction, read through it (on PGlite a read beside it would wait for ever). */
  async function personOf(userId: string, tx?: Tx): Promise<PersonRow & { mutedUntil: Date | null }> {
    const me = await deps.users.byId(userId, tx);
    if (!me) throw new AppError(ErrorCode.USER_NOT_FOUND);
    return { userId, userName: me.userName, avatar: me.avatar, mutedUntil: me.mutedUntil };
  }

  const kick = (showId: string) => deps.kickTalk(showId).catch((err: unknown) => deps.log.warn({ err, showId }, 'live talk not asked'));

  return {
    /**
     * A message: the rules are read first, then the message is numbered and stored in one
     * statement, so the show's row is locked for no longer than that (docs/bench-live.md).
     */
    async chat(userId: string, input: CallInput<typeof calls.live.chat>): Promise<{ event: LiveEvent }> {
      const { show } = await deps.shows.visibleShow(userId, input.showId);
      const person = await personOf(userId);
      const r = liveRepository(deps.db);
      const again = async () => {
        const before = await r.byClientKey(show.id, userId, input.clientId);
        const event = before && presentEvent(before, person);
        if (event) await deps.events.publish(show.id, [event]);
        return event;
      };
      const retried = await again();
      if (retried) return { event: retried };
      const following = userId !== show.ownerId && (await deps.isFollowingAgent(userId, show.agentId));
      const member = await r.member(show.id, userId);
      const refusal = chatRefusal(show, userId, member, following);
      if (refusal) throw new AppError(refusal);
      // a person the site's moderators muted is muted here too
      assertNotMuted(person);
      const now = new Date();
      if (slowModeWait(show, userId, member, now) > 0) throw new AppError(ErrorCode.LIVE_SLOW_MODE);
      let event: LiveEvent | null;
      try {
        event = await deps.events.add(deps.db, show.id, { kind: 'chat', user: person, body: { text: input.text }, clientKey: input.clientId, counters: { messages: 1 } });
      } catch (error) {
        // the same message sent twice at once: the first one stored is the answer to both
        const first = isUniqueViolation(error) ? await again() : null;
        if (first) return { event: first };
        throw error;
      }
      if (!event) throw new AppError(ErrorCode.LIVE_ENDED);
      await r.setMember(show.id, userId, { lastChatAt: now });
      await deps.events.publish(show.id, [event]);
      await kick(show.id);
      return { event };
    },

    /**
     * A gift to the agent on stage: paid through gifts (its rules and the owner's share) and shown
     * in the show in the same transaction, so a gift is never paid without reaching the stage nor
     * shown without being paid; a retry answers both. The ledger key is made from the show and the
     * sender's key: the same key in another show is another gift.
     */
    async gift(userId: string, input: CallInput<typeof calls.live.gift>): Promise<{ event: LiveEvent; freeLeftToday: number }> {
      const { show: seen } = await deps.shows.visibleShow(userId, input.showId);
      const person = await personOf(userId);
      const key = `live_${createHash('sha256').update(`${input.showId}:${input.key}`).digest('base64url').slice(0, 40)}`;
      const sent = await deps.gifts.send(userId, { agentId: seen.agentId, giftKey: input.giftKey, count: input.count, cost: input.cost, key }, async (tx, send) => {
        const r = liveRepository(tx);
        if ((await r.member(seen.id, userId))?.removed) throw new AppError(ErrorCode.LIVE_REMOVED);
        const total = send.cost.amount * send.count;
        const given = { diamonds: send.cost.currency === 'JE' ? total : 0, points: send.cost.currency === 'MSS' ? total : 0, gifts: send.count };
        await r.addGiver(seen.id, userId, given);
        const board = await r.board(seen.id, BOARD_SIZE);
        // last, so the show's row is locked only until the commit; a show that ended undoes the payment
        const event = await deps.events.add(tx, seen.id, {
          kind: 'gift',
          user: person,
          body: { giftKey: send.giftKey, count: send.count, cost: send.cost, board },
          clientKey: `gift:${send.id}`,
          counters: { gifts: send.count, diamonds: given.diamonds, points: given.points },
        });
        if (!event) throw new AppError(ErrorCode.LIVE_ENDED);
        return event;
      });
      const event = sent.also;
      // passed on after the commit; a retry passes it on again, which viewers' hubs drop
      await deps.events.publish(input.showId, [event]);
      if (!sent.replayed) await kick(input.showId);
      return { event, freeLeftToday: sent.freeLeftToday };
    },

    async moderate(ownerId: string, input: CallInput<typeof calls.live.moderate>): Promise<{ event: LiveEvent }> {
      await deps.shows.ownShow(ownerId, input.showId);
      const event = await deps.events.commit(input.showId, async (tx) => {
        const r = liveRepository(tx);
        // the show may have ended since it was read
        if ((await r.lock(input.showId))?.state !== 'live') throw new AppError(ErrorCode.LIVE_ENDED);
        if (input.action === 'delete') {
          const target = input.seq ? await r.event(input.showId, input.seq) : null;
          if (target?.kind !== 'chat' || target.deleted) throw new AppError(ErrorCode.LIVE_MESSAGE_NOT_FOUND);
          await r.markDeleted(input.showId, target.seq);
          const author = target.userId ? await personOf(target.userId, tx).catch(() => null) : null;
          const made = await deps.events.add(tx, input.showId, { kind: 'moderation', user: author, body: { action: 'delete', targetSeq: target.seq } });
          return { result: made as LiveEvent, events: [made] };
        }
        if (!input.userId) throw new AppError(ErrorCode.LIVE_VIEWER_REQUIRED);
        if (input.userId === ownerId) throw new AppError(ErrorCode.LIVE_MODERATE_SELF);
        const target = await personOf(input.userId, tx);
        const set = input.action === 'remove' ? { removed: true, muted: true } : { muted: input.action === 'mute' };
        await r.setMember(input.showId, input.userId, set);
        const made = await deps.events.add(tx, input.showId, { kind: 'moderation', user: target, body: { action: input.action, targetSeq: null } });
        return { result: made as LiveEvent, events: [made] };
      });
      return { event };
    },
  };
}

export type LiveActions = ReturnType<typeof liveActions>;
