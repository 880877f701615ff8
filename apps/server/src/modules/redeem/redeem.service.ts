import { createHash, randomInt } from 'node:crypto';
import { ErrorCode, REDEEM_LIMITS, type CallInput, type calls, type HELD_CURRENCIES } from '@starlit/contract';
import { withTx, type Db } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import type { RateLimiter } from '../../platform/rate-limit.ts';
import { fingerprintOf, serverKey, type LedgerService } from '../ledger/ledger.service.ts';
import { redeemRepository } from './redeem.repository.ts';

type Held = (typeof HELD_CURRENCIES)[number];

/** Crockford's base32: no I, L, O or U, so a code read aloud or copied by hand stays right. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A new code: 16 random characters (80 bits), in groups of four for reading. */
function newCode(): string {
  const chars = Array.from({ length: REDEEM_LIMITS.codeLength }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return chars.match(/.{4}/g)?.join('-') ?? chars;
}

/** A code as typed, the way it is stored: without spaces or dashes, in capitals. */
export function normalizeCode(code: string): string {
  return code.replace(/[\s-]/g, '').toUpperCase();
}

// codes carry 80 random bits, so a plain SHA-256 cannot be reversed by trying; no salt is needed to look one up
const hashOf = (normalized: string) => createHash('sha256').update(normalized).digest('hex');

/**
 * Redeem codes (docs/economy.md): admins make batches, people redeem codes once each. The
 * credit moves from the system's `bonus` account through the ledger under a key made of the
 * person and the code, so a double click credits once.
 */
export function redeemService(deps: { db: Db; limiter: RateLimiter; ledger: LedgerService }) {
  return {
    async createBatch(adminId: string, input: CallInput<typeof calls.redeem.createBatch>) {
      const expiresAt = new Date(input.expiresAt);
      if (expiresAt.getTime() <= Date.now()) throw new AppError(ErrorCode.REDEEM_EXPIRY_PAST);
      const codes = Array.from({ length: input.count }, newCode);
      const batch = await withTx(deps.db, undefined, (tx) =>
        redeemRepository(tx).insertBatch(
          { createdBy: adminId, currency: input.currency, value: input.value, usesPerCode: input.usesPerCode, expiresAt },
          codes.map((c) => hashOf(normalizeCode(c))),
        ),
      );
      return { batchId: batch.id, currency: input.currency, value: batch.value, usesPerCode: batch.usesPerCode, expiresAt: batch.expiresAt.toISOString(), codes };
    },

    async redeem(userId: string, code: string): Promise<{ currency: Held; amount: number }> {
      const normalized = normalizeCode(code);
      if (!normalized) throw new AppError(ErrorCode.REDEEM_CODE_REQUIRED);
      // every attempt counts, good or bad: guessing is slowed whatever the answers say
      const { allowed } = await deps.limiter.hit(`redeem:${userId}`, REDEEM_LIMITS.attemptsPerWindow, REDEEM_LIMITS.attemptWindowMs);
      if (!allowed) throw new AppError(ErrorCode.REDEEM_RATE_LIMITED, 429);
      const hash = hashOf(normalized);
      const { outcome, replayed } = await deps.ledger.run(userId, serverKey('redeem', hash), fingerprintOf('redeem', { hash }), async (books) => {
        const repo = redeemRepository(books.tx);
        const found = await repo.byHash(hash);
        if (!found) throw new AppError(ErrorCode.REDEEM_CODE_INVALID);
        if (found.expiresAt.getTime() <= Date.now()) throw new AppError(ErrorCode.REDEEM_CODE_EXPIRED);
        if (!(await repo.recordUse(found.id, userId))) throw new AppError(ErrorCode.REDEEM_ALREADY_REDEEMED);
        if (!(await repo.takeUse(found.id))) throw new AppError(ErrorCode.REDEEM_CODE_USED_UP);
        const currency = found.currency as Held;
        await books.move({ from: { system: 'bonus' }, to: { user: userId }, currency, amount: found.value, kind: 'redeem', memo: { codeId: found.id } });
        return { currency, amount: found.value };
      });
      // the key is the person and the code: a second request with it is a code this person already redeemed
      if (replayed) throw new AppError(ErrorCode.REDEEM_ALREADY_REDEEMED);
      return outcome;
    },
  };
}

export type RedeemService = ReturnType<typeof redeemService>;
