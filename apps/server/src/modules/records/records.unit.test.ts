import { describe, expect, it } from 'vitest';
import type { MovementRow } from '../ledger/ledger.repository.ts';
import { csvCell, recordsService } from './records.service.ts';

describe('a CSV cell', () => {
  it('stays plain when nothing in it needs quoting', () => {
    expect(csvCell('Store: Starry dress')).toBe('Store: Starry dress');
    expect(csvCell('商城：星空洋裝')).toBe('商城：星空洋裝');
    expect(csvCell(-20)).toBe('-20');
  });

  it('is quoted, quotes doubled, when it holds a quote, a comma or a line break', () => {
    expect(csvCell('a, b')).toBe('"a, b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('cr\rlf')).toBe('"cr\rlf"');
  });

  it('never starts a text with what a spreadsheet would run as a formula', () => {
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('+cmd')).toBe("'+cmd");
    expect(csvCell('-2')).toBe("'-2");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('=HYPERLINK("x", "y")')).toBe(`"'=HYPERLINK(""x"", ""y"")"`);
  });
});

/** A creation's hold and its void as the ledger reads them: the void settled outside any request. */
const HOLD: MovementRow = {
  id: '00000000-0000-4000-8000-00000000000a',
  kind: 'creation',
  memo: { creationId: 'c1', workflow: 'text2Img' },
  currency: 'CAC',
  amount: -1,
  requestId: '00000000-0000-4000-8000-0000000000f1',
  originId: '00000000-0000-4000-8000-00000000000a',
  status: 'refunded',
  createdAt: new Date('2026-11-24T16:05:00Z'),
};
const VOID: MovementRow = { ...HOLD, id: '00000000-0000-4000-8000-00000000000b', amount: 1, status: 'refund', createdAt: new Date('2026-11-24T16:07:30Z') };

describe('records of a hold', () => {
  const service = (rows: MovementRow[]) => recordsService({ ledger: { movements: async () => rows } });

  it('name one order for a charge and its refund: the memo’s order, else the request that held it, else the hold', async () => {
    const page = async (rows: MovementRow[]) => (await service(rows).page('u', { limit: 10 }, 'en_US')).items.map((r) => r.orderId);
    expect(await page([VOID, HOLD])).toEqual([HOLD.requestId, HOLD.requestId]);
    const ordered = { ...HOLD.memo, orderId: 'c1' };
    expect(
      await page([
        { ...VOID, memo: ordered },
        { ...HOLD, memo: ordered },
      ]),
    ).toEqual(['c1', 'c1']);
    expect(
      await page([
        { ...VOID, requestId: null },
        { ...HOLD, requestId: null },
      ]),
    ).toEqual([HOLD.id, HOLD.id]);
  });

  it('reads the refund as a refund of the item, with each row’s status, on the page and in the CSV', async () => {
    const { items } = await service([VOID, HOLD]).page('u', { limit: 10 }, 'zh_TW');
    expect(items.map((r) => [r.item, r.amount, r.status, r.time])).toEqual([
      ['退款・創作：文生圖', 1, 'refund', '2026-11-25 00:07'],
      ['創作：文生圖', -1, 'refunded', '2026-11-25 00:05'],
    ]);
    expect(await service([VOID, HOLD]).csv('u', 'creation', 'en_US')).toBe(
      '\uFEFFTime (UTC+8),Type,Item,Currency,Amount,Order ID,Status\r\n' +
        `2026-11-25 00:07,Creation,Refund · Creation: Text to image,CAC,1,${HOLD.requestId},Refund\r\n` +
        `2026-11-25 00:05,Creation,Creation: Text to image,CAC,-1,${HOLD.requestId},Refunded\r\n`,
    );
  });
});
