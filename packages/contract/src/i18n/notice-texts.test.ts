import { describe, expect, it } from 'vitest';
import { systemNoticeText } from './notice-texts.ts';

const adjusted = (currency: 'JE' | 'CAC' | 'CWA' | 'MSS', amount: number, lang: 'en_US' | 'zh_TW') =>
  systemNoticeText({ kind: 'balance_adjusted', params: { currency, amount, reason: 'r' } }, lang).content;

describe('the balance adjustment notice', () => {
  it('says one or many of each balance in English', () => {
    expect(adjusted('JE', 1, 'en_US')).toBe('1 diamond was added to your balance by an admin. Reason: r');
    expect(adjusted('JE', 2, 'en_US')).toBe('2 diamonds were added to your balance by an admin. Reason: r');
    expect(adjusted('JE', -1, 'en_US')).toBe('1 diamond was taken from your balance by an admin. Reason: r');
    expect(adjusted('CAC', 1, 'en_US')).toMatch(/^1 creation count was added/);
    expect(adjusted('CAC', 3, 'en_US')).toMatch(/^3 creation counts were added/);
    expect(adjusted('MSS', 1, 'en_US')).toMatch(/^1 point was added/);
    expect(adjusted('MSS', 40, 'en_US')).toMatch(/^40 points were added/);
    expect(adjusted('CWA', 1, 'en_US')).toMatch(/^1 unit of compute power was added/);
    expect(adjusted('CWA', -12, 'en_US')).toMatch(/^12 units of compute power were taken/);
  });

  it('counts each balance with its measure word in Chinese', () => {
    expect(adjusted('JE', 1, 'zh_TW')).toBe('管理員已為你增加 1 顆鑽石。原因：r');
    expect(adjusted('JE', -30, 'zh_TW')).toBe('管理員已從你的餘額扣除 30 顆鑽石。原因：r');
    expect(adjusted('CAC', 5, 'zh_TW')).toBe('管理員已為你增加 5 次創作。原因：r');
    expect(adjusted('CWA', 5, 'zh_TW')).toBe('管理員已為你增加 5 點算力。原因：r');
    expect(adjusted('MSS', 5, 'zh_TW')).toBe('管理員已為你增加 5 點積分。原因：r');
  });
});
