import { createHash } from 'node:crypto';
import { ErrorCode, HELD_CURRENCIES } from '@starlit/contract';
import { withTx, type Db, type Tx } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import type { Currency, Leg, Party } from './accounts.ts';
import { isOverdraft, ledgerRepository, type AccountDelta, type MovementRow, type MovementsQuery, type TransferRow } from './ledger.repository.ts';

/** What a spending call asked, as its idempotency key's fingerprint: the operation and its input. */
export function fingerprintOf(operation: string, input: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify([operation, input]))
    .digest('hex');
}

/**
 * The idempotency key of a request the server makes for itself (a recharge's credit, a
 * check-in, a redeem): `scope:id`. The colon is outside the contract's `IdempotencyKey`, so a
 * client cannot send such a key first and have the server's request refused as a reuse.
 */
export function serverKey(scope: string, id: string): string {
  return `${scope}:${id}`;
}

/** The request a movement belongs to: its id and the next leg's position in it. */
interface RequestScope {
  id: string;
  nextLeg: number;
}

/** What the person is short of, in the words of SPEC §8: diamonds have their own message. */
function shortOf(currencies: Currency[]): AppError {
  return new AppError(currencies.includes('JE') ? ErrorCode.LEDGER_INSUFFICIENT_DIAMOND : ErrorCode.LEDGER_INSUFFICIENT);
}

/**
 * The ledger (docs/economy.md): every movement of value is a transfer between two accounts in
 * one currency, written with the accounts' new balances in one transaction. Features spend
 * through `run` (an idempotency key per request) and move value inside it with `move`,
 * `hold`, `post` and `void`; they never write balances themselves.
 */
export function ledgerService(deps: { db: Db }) {
  /**
   * Account ids by party and currency, known committed: an account is never deleted nor its id
   * changed, so once committed its id is good for the life of the process, and a movement
   * saves two lookups per leg (docs/economy.md, Benchmark). An account made inside a
   * transaction is not kept until a later transaction finds it: that one may still roll back.
   */
  const accountIds = new Map<string, string>();
  /** The accounts each open transaction made, which must not be remembered before it commits. */
  const madeIn = new WeakMap<Tx, Set<string>>();

  async function accountId(tx: Tx, party: Party, currency: Currency): Promise<string> {
    const name = `${'user' in party ? `u:${party.user}` : `s:${party.system}`}:${currency}`;
    const known = accountIds.get(name);
    if (known) return known;
    const { id, made } = await ledgerRepository(tx).account(party, currency);
    const mine = madeIn.get(tx) ?? madeIn.set(tx, new Set()).get(tx);
    if (made) mine?.add(id);
    else if (!mine?.has(id)) accountIds.set(name, id);
    return id;
  }

  /** Accounts' deltas from movements, and the transfers' rows. */
  async function write(tx: Tx, legs: Leg[], status: 'posted' | 'pending', scope: RequestScope | null): Promise<TransferRow[]> {
    const repo = ledgerRepository(tx);
    const deltas = new Map<string, AccountDelta>();
    const delta = (id: string, party: Party) => {
      const known = deltas.get(id);
      if (known) return known;
      const made = { id, shared: !('user' in party), balance: 0, pendingDebits: 0, pendingCredits: 0 };
      deltas.set(id, made);
      return made;
    };
    const rows = [];
    for (const leg of legs) {
      if (!Number.isSafeInteger(leg.amount) || leg.amount <= 0) throw new Error(`a movement's amount is a positive whole number, not ${leg.amount}`);
      const debit = await accountId(tx, leg.from, leg.currency);
      const credit = await accountId(tx, leg.to, leg.currency);
      if (status === 'posted') {
        delta(debit, leg.from).balance -= leg.amount;
        delta(credit, leg.to).balance += leg.amount;
      } else {
        delta(debit, leg.from).pendingDebits += leg.amount;
        delta(credit, leg.to).pendingCredits += leg.amount;
      }
      rows.push({
        debitAccountId: debit,
        creditAccountId: credit,
        currency: leg.currency,
        amount: leg.amount,
        status,
        kind: leg.kind,
        memo: leg.memo ?? null,
        requestId: scope?.id ?? null,
        leg: scope ? scope.nextLeg++ : 0,
      });
    }
    // the rows first: the balances' row locks are then held for the fewest statements
    const written = await repo.insertTransfers(rows);
    try {
      await repo.apply([...deltas.values()]);
    } catch (error) {
      if (isOverdraft(error)) throw shortOf(legs.filter((l) => 'user' in l.from).map((l) => l.currency));
      throw error;
    }
    return written;
  }

  /** Ends a pending transfer once: posts `amount` of it (all by default, the rest released) or voids it. */
  async function settle(tx: Tx, pendingId: string, end: 'post' | 'void', amount: number | undefined, scope: RequestScope | null): Promise<TransferRow> {
    const repo = ledgerRepository(tx);
    const found = await repo.pendingForUpdate(pendingId);
    if (!found) throw new Error(`no pending transfer ${pendingId}`);
    if (found.settled) throw new AppError(ErrorCode.LEDGER_HOLD_SETTLED);
    const held = found.transfer;
    const moved = end === 'post' ? (amount ?? Number(held.amount)) : 0;
    if (end === 'post' && (!Number.isSafeInteger(moved) || moved <= 0 || moved > Number(held.amount))) {
      throw new Error(`a hold of ${held.amount} cannot post ${moved}`);
    }
    const [row] = await repo.insertTransfers([
      {
        debitAccountId: held.debitAccountId,
        creditAccountId: held.creditAccountId,
        currency: held.currency,
        // a void releases what was held; a post moves what it says
        amount: end === 'post' ? moved : Number(held.amount),
        status: end,
        resolves: held.id,
        kind: held.kind,
        // the same movement as the hold: order records read what it was for from the row that moved value
        memo: held.memo ?? null,
        requestId: scope?.id ?? null,
        leg: scope ? scope.nextLeg++ : 0,
      },
    ]);
    await repo.apply([
      { id: held.debitAccountId, shared: !found.people.has(held.debitAccountId), balance: -moved, pendingDebits: -Number(held.amount), pendingCredits: 0 },
      { id: held.creditAccountId, shared: !found.people.has(held.creditAccountId), balance: moved, pendingDebits: 0, pendingCredits: -Number(held.amount) },
    ]);
    return row;
  }

  /** A person's spendable balances in every held currency, zero where they never had any. */
  async function balancesOf(db: Db | Tx, userId: string): Promise<Record<(typeof HELD_CURRENCIES)[number], number>> {
    const rows = await ledgerRepository(db).balances(userId);
    const out = Object.fromEntries(HELD_CURRENCIES.map((c) => [c, 0])) as Record<(typeof HELD_CURRENCIES)[number], number>;
    for (const r of rows) if (r.currency in out) out[r.currency as keyof typeof out] = r.spendable;
    return out;
  }

  /** The movements one request may make, all in its transaction and under its key. */
  function book(tx: Tx, scope: RequestScope | null) {
    return {
      tx,
      /** Balances as this transaction sees them (under a lock the caller took, they stay so until it ends). */
      balances: (userId: string) => balancesOf(tx, userId),
      /** Moves value now; a person short of it fails the whole request ("Insufficient …"). */
      move: (...legs: Leg[]) => write(tx, legs, 'posted', scope),
      /** Reserves value: the person cannot spend it, nobody has it yet. */
      hold: (leg: Leg) => write(tx, [leg], 'pending', scope).then(([row]) => row),
      post: (pendingId: string, amount?: number) => settle(tx, pendingId, 'post', amount, scope),
      void: (pendingId: string) => settle(tx, pendingId, 'void', undefined, scope),
    };
  }

  return {
    /**
     * Runs one spending request of `userId` under an idempotency key, in one transaction. The
     * first request with a key is carried out and its outcome kept; the same key and the same
     * request again answers that outcome (`replayed: true`) and moves nothing; the same key with
     * another request is refused (LEDGER_KEY_REUSED). A request that fails moves nothing and
     * keeps no outcome, so it may be retried with its key.
     */
    async run<T>(userId: string, key: string, fingerprint: string, work: (books: ReturnType<typeof book>) => Promise<T>): Promise<{ outcome: T; replayed: boolean }> {
      return withTx(deps.db, undefined, async (tx) => {
        const repo = ledgerRepository(tx);
        const requestId = await repo.claimRequest(userId, key, fingerprint);
        if (!requestId) {
          const first = await repo.request(userId, key);
          if (!first || first.fingerprint !== fingerprint) throw new AppError(ErrorCode.LEDGER_KEY_REUSED);
          return { outcome: first.outcome as T, replayed: true };
        }
        const outcome = await work(book(tx, { id: requestId, nextLeg: 0 }));
        await repo.saveOutcome(requestId, outcome);
        return { outcome, replayed: false };
      });
    },

    /**
     * The outcome a request already carried out under `key` keeps, to answer a retry before
     * checks that may have changed since (a work gone private); null when the key is new, and
     * LEDGER_KEY_REUSED when it was used for another request. `run` decides again under its lock.
     */
    async replay<T>(userId: string, key: string, fingerprint: string): Promise<T | null> {
      const first = await ledgerRepository(deps.db).request(userId, key);
      if (!first || first.outcome === null) return null;
      if (first.fingerprint !== fingerprint) throw new AppError(ErrorCode.LEDGER_KEY_REUSED);
      return first.outcome as T;
    },

    /** Movements made by the system itself (a job's refund, a webhook's credit), in the caller's transaction or a new one. */
    within<T>(outer: Tx | undefined, work: (books: ReturnType<typeof book>) => Promise<T>): Promise<T> {
      return withTx(deps.db, outer, (tx) => work(book(tx, null)));
    },

    /** A person's spendable balances in every held currency, zero where they never had any. */
    balances: (userId: string) => balancesOf(deps.db, userId),

    /** What moved on a person's accounts, newest first (order records). */
    movements: (q: MovementsQuery): Promise<MovementRow[]> => ledgerRepository(deps.db).movements(q),

    /** The books' broken invariants, none when they are right (npm run ledger:check). */
    // one snapshot for every check, so a movement committed between two of them cannot look like a fault
    violations: () => deps.db.transaction((tx) => ledgerRepository(tx).violations(), { isolationLevel: 'repeatable read', accessMode: 'read only' }),
  };
}

export type LedgerService = ReturnType<typeof ledgerService>;
/** The movements one request may make in its transaction (what `run` and `within` hand their work). */
export type Books = Parameters<Parameters<LedgerService['within']>[1]>[0];
export type { Currency, Leg, Party };
