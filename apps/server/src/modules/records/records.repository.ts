import { inArray, sql } from 'drizzle-orm';
import type { Handle } from '../../db/client.ts';
import { agents } from '../../db/schema/index.ts';

/** One movement of a person's balance as records read it: the amount signed from their side. */
export interface RecordRow {
  id: string;
  kind: string;
  memo: Record<string, unknown> | null;
  currency: string;
  amount: number;
  requestId: string | null;
  createdAt: Date;
}

export interface RecordsQuery {
  userId: string;
  kind?: string;
  before?: { at: Date; id: string };
  limit: number;
}

/** The SQL of order records: what moved on a person's accounts, newest first. */
export function recordsRepository(db: Handle) {
  return {
    /**
     * Moved value (posted transfers and posted holds) on any of the person's accounts, newest
     * first. Each account's debits and credits are read as their own newest-first index scans
     * (ledger_transfers_debit_idx / _credit_idx), at most `limit` rows each, then merged: a
     * person has at most one account per currency, so a page reads a few short index ranges
     * however long the books grow (docs/economy.md, Records).
     */
    async page(q: RecordsQuery): Promise<RecordRow[]> {
      const kind = q.kind ? sql`and t.kind = ${q.kind}` : sql``;
      const before = q.before ? sql`and (t.created_at, t.id) < (${q.before.at.toISOString()}::timestamptz, ${q.before.id}::uuid)` : sql``;
      const side = (column: 'debit_account_id' | 'credit_account_id', sign: number) => sql`
        select t.id, t.kind, t.memo, t.currency, t.amount * ${sign} as amount, t.request_id, t.created_at
        from ledger_transfers t
        where t.${sql.raw(column)} = a.id and t.status in ('posted', 'post') ${kind} ${before}
        order by t.created_at desc, t.id desc limit ${q.limit}`;
      const result = await db.execute<{
        id: string;
        kind: string;
        memo: Record<string, unknown> | null;
        currency: string;
        amount: string | number;
        request_id: string | null;
        created_at: string | Date;
      }>(sql`
        select m.* from ledger_accounts a
        cross join lateral ((${side('debit_account_id', -1)}) union all (${side('credit_account_id', 1)})) m
        where a.user_id = ${q.userId}
        order by m.created_at desc, m.id desc limit ${q.limit}`);
      return result.rows.map((r) => ({
        id: r.id,
        kind: r.kind,
        memo: r.memo,
        currency: r.currency,
        amount: Number(r.amount),
        requestId: r.request_id,
        createdAt: new Date(r.created_at),
      }));
    },

    async agentNames(ids: string[]): Promise<Map<string, string>> {
      if (ids.length === 0) return new Map();
      const rows = await db.select({ id: agents.id, nickname: agents.nickname }).from(agents).where(inArray(agents.id, ids));
      return new Map(rows.map((r) => [r.id, r.nickname]));
    },
  };
}
