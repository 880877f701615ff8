import { recordItem, recordKindLabel, recordStatusLabel, RECORDS_CSV_MAX_ROWS, type CallOutput, type calls, type Language } from '@starlit/contract';
import { formatDateTime } from '@starlit/contract/rules';
import { decodeCursor, toPage } from '../../platform/pagination.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { MovementRow } from '../ledger/ledger.repository.ts';

type OrderRecord = CallOutput<typeof calls.records.list>['items'][number];

/**
 * The order an order ID names: the memo's order (recharge, store, coupon, creation), else the
 * spending request, else the movement; a hold's refund names its hold's, so a charge and its
 * refund are one order.
 */
function orderIdOf(row: MovementRow): string {
  const orderId = row.memo?.orderId;
  return typeof orderId === 'string' && orderId !== '' ? orderId : (row.requestId ?? row.originId);
}

// Status last: a file read by column position before it was added still finds its columns
const CSV_HEADERS: Record<Language, string[]> = {
  en_US: ['Time (UTC+8)', 'Type', 'Item', 'Currency', 'Amount', 'Order ID', 'Status'],
  zh_TW: ['時間（UTC+8）', '類型', '項目', '幣別', '數量', '訂單編號', '狀態'],
};

/**
 * One CSV cell: quoted when it holds a quote, comma or line break (RFC 4180, quotes doubled),
 * and text a spreadsheet would run as a formula (=, +, -, @ first) made plain with a leading
 * apostrophe: an admin's reason or an item's name is text someone typed.
 */
export function csvCell(value: string | number): string {
  if (typeof value === 'number') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** Order records (docs/economy.md, Records): every movement of a person's balances, in the reader's language. */
export function recordsService(deps: { ledger: Pick<LedgerService, 'movements'> }) {
  function render(rows: MovementRow[], lang: Language): OrderRecord[] {
    return rows.map((row) => ({
      id: row.id,
      orderId: orderIdOf(row),
      kind: row.kind,
      type: recordKindLabel(row.kind, lang),
      item: recordItem(row.kind, row.memo, lang, { currency: row.currency, amount: row.amount, status: row.status }),
      currency: row.currency as OrderRecord['currency'],
      amount: row.amount,
      at: row.createdAt.toISOString(),
      time: formatDateTime(row.createdAt),
      status: row.status,
    }));
  }

  return {
    /** A page of a person's records, newest first; the cursor is the last row's time and id. */
    async page(userId: string, input: { kind?: string; cursor?: string; limit: number }, lang: Language) {
      const before = decodeCursor(input.cursor) ?? undefined;
      const page = toPage(await deps.ledger.movements({ userId, kind: input.kind, before, limit: input.limit + 1 }), input.limit, (r) => ({ at: r.createdAt, id: r.id }));
      return { items: render(page.items, lang), nextCursor: page.nextCursor };
    },

    /** A person's records as a CSV file: a UTF-8 BOM (so spreadsheets read Chinese), a header row, newest first. */
    async csv(userId: string, kind: string | undefined, lang: Language): Promise<string> {
      const records = render(await deps.ledger.movements({ userId, kind, limit: RECORDS_CSV_MAX_ROWS }), lang);
      const lines = [CSV_HEADERS[lang], ...records.map((r) => [r.time, r.type, r.item, r.currency, r.amount, r.orderId, recordStatusLabel(r.status, lang)])];
      return `\uFEFF${lines.map((cells) => cells.map(csvCell).join(',')).join('\r\n')}\r\n`;
    },
  };
}

export type RecordsService = ReturnType<typeof recordsService>;
