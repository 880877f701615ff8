import type { RecordStatus } from '@starlit/contract';
import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Handle } from '../../db/client.ts';
import { ledgerAccounts, ledgerRequests, ledgerTransfers } from '../../db/schema/index.ts';
import type { Currency, Party } from './accounts.ts';

export type TransferRow = typeof ledgerTransfers.$inferSelect;
export type TransferStatus = 'posted' | 'pending' | 'post' | 'void';

/** How a change moves an account: its balance and what pending transfers hold on either side. */
export interface AccountDelta {
  id: string;
  /** A system account (revenue, issuance…): shared by every request, so locked last (see apply). */
  shared: boolean;
  balance: number;
  pendingDebits: number;
  pendingCredits: number;
}

/**
 * One movement of a person's balance as order records read it (docs/economy.md, Records): the
 * amount signed from their side, at the time of the transfer it is read from (id and createdAt
 * are that transfer's, so rows page by their own time).
 */
export interface MovementRow {
  id: string;
  kind: string;
  memo: Record<string, unknown> | null;
  currency: string;
  amount: number;
  /** The request that began the movement: a hold's for its post or void (settled by the system, outside any request). */
  requestId: string | null;
  /** The transfer that began the movement: the hold for its post or void, else the transfer itself. */
  originId: string;
  status: RecordStatus;
  createdAt: Date;
}

export interface MovementsQuery {
  userId: string;
  kind?: string;
  before?: { at: Date; id: string };
  limit: number;
}

/** The constraint a person's account breaks when a change would spend what it has not got. */
export const NEVER_NEGATIVE = 'ledger_accounts_user_never_negative';

/** The PostgreSQL error behind a failed statement, as node-postgres and PGlite report it (Drizzle may wrap it). */
function pgError(error: unknown): { code?: string; constraint?: string } {
  const fields = (e: unknown) => (e && typeof e === 'object' ? (e as { code?: string; constraint?: string }) : {});
  const direct = fields(error);
  if (direct.code) return direct;
  return error instanceof Error ? fields(error.cause) : {};
}

/** Whether a statement failed because a person's balance would have gone below zero. */
export function isOverdraft(error: unknown): boolean {
  const e = pgError(error);
  return e.code === '23514' && e.constraint === NEVER_NEGATIVE;
}

/** One violated invariant of the books, with the rows that show it. */
export interface Violation {
  invariant: string;
  rows: unknown[];
}

/** The SQL over accounts, transfers and idempotent requests. */
export function ledgerRepository(db: Handle) {
  return {
    /** The account of a party in a currency, made on first use; `made` when this statement made it (not yet committed). */
    async account(party: Party, currency: Currency): Promise<{ id: string; made: boolean }> {
      const owner = 'user' in party ? { userId: party.user, code: 'user' } : { userId: null, code: party.system };
      const existing = () =>
        db
          .select({ id: ledgerAccounts.id })
          .from(ledgerAccounts)
          .where(and(owner.userId ? eq(ledgerAccounts.userId, owner.userId) : and(isNull(ledgerAccounts.userId), eq(ledgerAccounts.code, owner.code)), eq(ledgerAccounts.currency, currency)));
      const [found] = await existing();
      if (found) return { id: found.id, made: false };
      const [inserted] = await db
        .insert(ledgerAccounts)
        .values({ ...owner, currency })
        .onConflictDoNothing()
        .returning({ id: ledgerAccounts.id });
      if (inserted) return { id: inserted.id, made: true };
      // another request made it at the same moment and has committed it
      const [made] = await existing();
      return { id: made.id, made: false };
    },

    /**
     * Moves accounts by their deltas, one row at a time: people's accounts first, then the
     * system's, each in id order. Every request locks in this one order, so two touching the
     * same accounts cannot deadlock; and the system's accounts, which every spend and gift
     * touches, are locked last, so each request holds them for the fewest statements before it
     * commits (docs/economy.md, Benchmark). A person's account that would go below zero makes
     * the statement fail (NEVER_NEGATIVE).
     */
    async apply(deltas: AccountDelta[]): Promise<void> {
      const order = (d: AccountDelta) => `${d.shared ? 1 : 0}:${d.id}`;
      for (const d of [...deltas].sort((a, b) => (order(a) < order(b) ? -1 : 1))) {
        await db
          .update(ledgerAccounts)
          .set({
            balance: sql`${ledgerAccounts.balance} + ${d.balance}`,
            pendingDebits: sql`${ledgerAccounts.pendingDebits} + ${d.pendingDebits}`,
            pendingCredits: sql`${ledgerAccounts.pendingCredits} + ${d.pendingCredits}`,
          })
          .where(eq(ledgerAccounts.id, d.id));
      }
    },

    async insertTransfers(rows: Array<typeof ledgerTransfers.$inferInsert>): Promise<TransferRow[]> {
      if (rows.length === 0) return [];
      return db.insert(ledgerTransfers).values(rows).returning();
    },

    /** A pending transfer and whether something already posted or voided it, held until the transaction ends. */
    async pendingForUpdate(id: string): Promise<{ transfer: TransferRow; settled: boolean; people: Set<string> } | null> {
      const [transfer] = await db
        .select()
        .from(ledgerTransfers)
        .where(and(eq(ledgerTransfers.id, id), eq(ledgerTransfers.status, 'pending')))
        .for('update');
      if (!transfer) return null;
      const [end] = await db.select({ id: ledgerTransfers.id }).from(ledgerTransfers).where(eq(ledgerTransfers.resolves, id));
      const sides = await db
        .select({ id: ledgerAccounts.id })
        .from(ledgerAccounts)
        .where(and(inArray(ledgerAccounts.id, [transfer.debitAccountId, transfer.creditAccountId]), isNotNull(ledgerAccounts.userId)));
      return { transfer, settled: Boolean(end), people: new Set(sides.map((a) => a.id)) };
    },

    /**
     * Claims an idempotency key for a request: its new id, or null when the key is taken. A
     * request racing with the same key waits here until the first one commits or rolls back.
     */
    async claimRequest(userId: string, key: string, fingerprint: string): Promise<string | null> {
      const [row] = await db.insert(ledgerRequests).values({ userId, key, fingerprint, outcome: sql`'null'::jsonb` }).onConflictDoNothing().returning({ id: ledgerRequests.id });
      return row?.id ?? null;
    },

    async request(userId: string, key: string) {
      const [row] = await db
        .select()
        .from(ledgerRequests)
        .where(and(eq(ledgerRequests.userId, userId), eq(ledgerRequests.key, key)));
      return row ?? null;
    },

    async saveOutcome(id: string, outcome: unknown): Promise<void> {
      await db.update(ledgerRequests).set({ outcome }).where(eq(ledgerRequests.id, id));
    },

    /**
     * What moved or is held on any of the person's accounts, newest first, as order records
     * read it: so that a currency's amounts sum to what the person can spend (balance minus
     * holds), a hold on their account is a charge from the moment it is taken (its status from
     * its end: held, paid, refunded), a void gives it back as a refund at the void's time, and a
     * post of less than was held gives back the rest the same way; a full post shows nothing
     * more. A hold paying the person counts when it is posted, as a posted transfer does.
     *
     * Each account's debits and credits are read as their own newest-first index scans
     * (ledger_transfers_debit_idx / _credit_idx), at most `limit` rows each, each row joined to
     * its hold and its end by their indexes (primary key, ledger_transfers_resolves_idx), then
     * merged: a person has at most one account per currency, so a page reads a few short index
     * ranges however long the books grow (docs/economy.md, Order records).
     */
    async movements(q: MovementsQuery): Promise<MovementRow[]> {
      const kind = q.kind ? sql`and t.kind = ${q.kind}` : sql``;
      const before = q.before ? sql`and (t.created_at, t.id) < (${q.before.at.toISOString()}::timestamptz, ${q.before.id}::uuid)` : sql``;
      const columns = (amount: ReturnType<typeof sql>, status: ReturnType<typeof sql>) => sql`
        t.id, t.kind, t.memo, t.currency, ${amount} as amount, coalesce(h.request_id, t.request_id) as request_id,
        coalesce(h.id, t.id) as origin_id, ${status} as status, t.created_at`;
      const newest = sql`order by t.created_at desc, t.id desc limit ${q.limit}`;
      // out of the person's account: moved, held (and how the hold ended), or given back
      const debits = sql`
        select ${columns(
          sql`case when t.status in ('posted', 'pending') then -t.amount when t.status = 'void' then t.amount else h.amount - t.amount end`,
          sql`case t.status when 'posted' then 'done' when 'pending' then (case e.status when 'post' then 'paid' when 'void' then 'refunded' else 'held' end) else 'refund' end`,
        )}
        from ledger_transfers t
        left join ledger_transfers h on h.id = t.resolves
        left join ledger_transfers e on t.status = 'pending' and e.resolves = t.id
        where t.debit_account_id = a.id and (t.status <> 'post' or t.amount < h.amount) ${kind} ${before}
        ${newest}`;
      // into it: what moved, a hold's only once posted
      const credits = sql`
        select ${columns(sql`t.amount`, sql`'done'`)}
        from ledger_transfers t
        left join ledger_transfers h on h.id = t.resolves
        where t.credit_account_id = a.id and t.status in ('posted', 'post') ${kind} ${before}
        ${newest}`;
      const result = await db.execute<{
        id: string;
        kind: string;
        memo: Record<string, unknown> | null;
        currency: string;
        amount: string | number;
        request_id: string | null;
        origin_id: string;
        status: RecordStatus;
        created_at: string | Date;
      }>(sql`
        select m.* from ledger_accounts a
        cross join lateral ((${debits}) union all (${credits})) m
        where a.user_id = ${q.userId}
        order by m.created_at desc, m.id desc limit ${q.limit}`);
      return result.rows.map((r) => ({
        id: r.id,
        kind: r.kind,
        memo: r.memo,
        currency: r.currency,
        amount: Number(r.amount),
        requestId: r.request_id,
        originId: r.origin_id,
        status: r.status,
        createdAt: new Date(r.created_at),
      }));
    },

    /** A person's accounts: spendable amount (balance minus holds) by currency. */
    async balances(userId: string): Promise<Array<{ currency: Currency; spendable: number }>> {
      const rows = await db
        .select({ currency: ledgerAccounts.currency, balance: ledgerAccounts.balance, pendingDebits: ledgerAccounts.pendingDebits })
        .from(ledgerAccounts)
        .where(eq(ledgerAccounts.userId, userId));
      return rows.map((r) => ({ currency: r.currency as Currency, spendable: Number(r.balance) - Number(r.pendingDebits) }));
    },

    /**
     * Every invariant of the books (docs/economy.md), each with the rows that break it; empty
     * when the books are right. Read in one snapshot when called inside a transaction.
     */
    async violations(): Promise<Violation[]> {
      const checks: Array<{ invariant: string; query: ReturnType<typeof sql> }> = [
        {
          // every transfer takes from one account what it gives another: per currency the balances sum to zero
          invariant: 'debits equal credits per currency',
          query: sql`select currency, sum(balance)::text as balance_sum, sum(pending_debits - pending_credits)::text as pending_sum
                     from ledger_accounts group by currency having sum(balance) <> 0 or sum(pending_debits) <> sum(pending_credits)`,
        },
        {
          invariant: 'each balance equals its entries',
          query: sql`with moved as (
                       select credit_account_id as id, amount as delta from ledger_transfers where status in ('posted', 'post')
                       union all select debit_account_id, -amount from ledger_transfers where status in ('posted', 'post')),
                     held as (
                       select p.debit_account_id as id, p.amount as debits, 0::bigint as credits from ledger_transfers p
                         where p.status = 'pending' and not exists (select 1 from ledger_transfers e where e.resolves = p.id)
                       union all select p.credit_account_id, 0, p.amount from ledger_transfers p
                         where p.status = 'pending' and not exists (select 1 from ledger_transfers e where e.resolves = p.id))
                     select a.id, a.user_id, a.code, a.currency, a.balance::text, coalesce(m.sum, 0)::text as entries,
                            a.pending_debits::text, coalesce(h.debits, 0)::text as held_debits, a.pending_credits::text, coalesce(h.credits, 0)::text as held_credits
                     from ledger_accounts a
                     left join (select id, sum(delta) as sum from moved group by id) m on m.id = a.id
                     left join (select id, sum(debits) as debits, sum(credits) as credits from held group by id) h on h.id = a.id
                     where a.balance <> coalesce(m.sum, 0) or a.pending_debits <> coalesce(h.debits, 0) or a.pending_credits <> coalesce(h.credits, 0)`,
        },
        {
          invariant: 'no person spends more than they have',
          query: sql`select id, user_id, currency, balance::text, pending_debits::text from ledger_accounts
                     where user_id is not null and (balance < 0 or balance - pending_debits < 0)`,
        },
        {
          // a key's movements are made once: one request row per key (its primary key), each leg of it once
          invariant: 'no key applied twice',
          query: sql`select request_id, leg, count(*)::int as times from ledger_transfers where request_id is not null
                     group by request_id, leg having count(*) > 1`,
        },
        {
          invariant: 'every movement of a key belongs to its request',
          query: sql`select t.id, t.request_id from ledger_transfers t
                     where t.request_id is not null and not exists (select 1 from ledger_requests r where r.id = t.request_id)`,
        },
        {
          invariant: 'a hold is posted or voided at most once, by an amount it held',
          query: sql`select e.id, e.status, e.amount::text, p.id as pending_id, p.amount::text as held, p.status as pending_status
                     from ledger_transfers e left join ledger_transfers p on p.id = e.resolves
                     where e.resolves is not null and (p.id is null or p.status <> 'pending' or e.amount > p.amount
                       or e.debit_account_id <> p.debit_account_id or e.credit_account_id <> p.credit_account_id)`,
        },
        {
          invariant: 'both sides of a movement are in its currency',
          query: sql`select t.id, t.currency, d.currency as debit_currency, c.currency as credit_currency from ledger_transfers t
                     join ledger_accounts d on d.id = t.debit_account_id join ledger_accounts c on c.id = t.credit_account_id
                     where d.currency <> t.currency or c.currency <> t.currency`,
        },
      ];
      const found: Violation[] = [];
      for (const check of checks) {
        const result = await db.execute(check.query);
        if (result.rows.length > 0) found.push({ invariant: check.invariant, rows: result.rows });
      }
      return found;
    },
  };
}

export type LedgerRepository = ReturnType<typeof ledgerRepository>;
