import { describe, expect, it } from 'vitest';
import { RECORD_KINDS, RECORD_STATUSES } from '../calls/records.ts';
import { recordItem, recordKindLabel, recordStatusLabel } from './render.ts';

const as = (currency: string, amount: number) => ({ currency, amount });

// the memo shapes of the records convention (docs/economy.md, Records), one per kind
const SAMPLES: Array<{ kind: string; memo: Record<string, unknown>; currency: string; amount: number; en: string; zh: string }> = [
  { kind: 'recharge', memo: { orderId: 'o1', packageId: 'p300' }, currency: 'JE', amount: 300, en: 'Diamond package p300', zh: '鑽石方案 p300' },
  {
    kind: 'recharge',
    memo: { orderId: 'o1', packageId: 'p300', couponPercentOff: 30 },
    currency: 'JE',
    amount: 300,
    en: 'Diamond package p300 (starter pack coupon: 30% off)',
    zh: '鑽石方案 p300（新手禮包優惠券：折抵 30%）',
  },
  { kind: 'recharge_bonus', memo: { orderId: 'o1', packageId: 'p300' }, currency: 'JE', amount: 30, en: 'Bonus diamonds of package p300', zh: '方案 p300 加贈鑽石' },
  { kind: 'redeem', memo: { codeId: 'c1' }, currency: 'CAC', amount: 5, en: 'Redeemed a code', zh: '使用兌換碼' },
  { kind: 'exchange', memo: {}, currency: 'JE', amount: -5, en: 'Diamonds exchanged', zh: '鑽石兌換' },
  { kind: 'exchange', memo: {}, currency: 'CWA', amount: 50, en: 'Compute power from an exchange', zh: '兌換獲得算力' },
  {
    kind: 'store_purchase',
    memo: { orderId: 'o2', itemId: 'i1', name: { en: 'Starry dress', zhTW: '星空洋裝' } },
    currency: 'JE',
    amount: -120,
    en: 'Store: Starry dress',
    zh: '商城：星空洋裝',
  },
  {
    kind: 'skill_purchase',
    memo: { agentId: 'a1', agentName: 'Luna', skill: 'TextToImage', days: 30 },
    currency: 'JE',
    amount: -50,
    en: 'Text to image skill for Luna, 30 days',
    zh: 'Luna 的「文生圖」技能，30 天',
  },
  {
    kind: 'skill_purchase',
    memo: { agentId: 'a1', agentName: 'Luna', skill: 'AIDance', days: null },
    currency: 'JE',
    amount: -500,
    en: 'AI dance skill for Luna, permanent',
    zh: 'Luna 的「AI 舞蹈」技能，永久',
  },
  { kind: 'voice_purchase', memo: { voiceId: 'v1', name: 'Aurora' }, currency: 'JE', amount: -80, en: 'Voice: Aurora', zh: '聲音：Aurora' },
  { kind: 'gift', memo: { giftId: 'g1', giftKey: 'rose', agentId: 'a1', agentName: 'Luna' }, currency: 'JE', amount: -10, en: 'Rose sent to Luna', zh: '送給 Luna 的玫瑰' },
  { kind: 'gift', memo: { giftId: 'g2', giftKey: 'finger_heart', agentId: 'gone' }, currency: 'MSS', amount: -5, en: 'Finger heart sent to an agent', zh: '送給 智能體 的比心' },
  {
    kind: 'gift_share',
    memo: { giftId: 'g1', giftKey: 'firework', agentId: 'a1', agentName: 'Luna' },
    currency: 'JE',
    amount: 5,
    en: 'Your share of a firework sent to Luna',
    zh: 'Luna 收到煙火的分成',
  },
  { kind: 'checkin', memo: { day: '2026-11-24' }, currency: 'MSS', amount: 10, en: 'Daily check-in, 2026-11-24', zh: '每日簽到 2026-11-24' },
  { kind: 'coupon', memo: { couponId: 'k1', orderId: 'o3' }, currency: 'JE', amount: 60, en: 'Starter pack coupon', zh: '新手禮包優惠券' },
  { kind: 'adjustment', memo: { reason: 'refund of ticket 12', adminId: 'u1' }, currency: 'JE', amount: 100, en: 'Adjusted by an admin: refund of ticket 12', zh: '管理員調整：refund of ticket 12' },
  { kind: 'creation', memo: { creationId: 'c1', workflow: 'text2Img' }, currency: 'CAC', amount: -1, en: 'Creation: Text to image', zh: '創作：文生圖' },
  {
    kind: 'daily_task',
    memo: { taskId: 't1', type: 'text_to_comic', title: 'Rainy day' },
    currency: 'CAC',
    amount: -3,
    en: 'Daily task: Text to comic, “Rainy day”',
    zh: '每日任務：文生漫畫「Rainy day」',
  },
  {
    kind: 'daily_task_points',
    memo: { taskId: 't1', type: 'comic_to_video' },
    currency: 'MSS',
    amount: 15,
    en: 'Points for a finished daily task: Comic to video',
    zh: '完成每日任務獲得積分：漫畫轉影片',
  },
  {
    kind: 'same_style_fee',
    memo: { workId: 'w1', workName: 'Aurora', creationId: 'c2' },
    currency: 'JE',
    amount: -3,
    en: "Author's fee for the same style as “Aurora”",
    zh: '「Aurora」同款創作的作者費用',
  },
  {
    kind: 'same_style_fee',
    memo: { workId: 'w1', workName: 'Aurora', creationId: 'c2' },
    currency: 'JE',
    amount: 3,
    en: 'Earned: someone made the same style as “Aurora”',
    zh: '收入：有人製作了「Aurora」的同款',
  },
];

describe('order records in the reader’s language', () => {
  it.each(SAMPLES)('renders $kind ($currency $amount) in both languages', ({ kind, memo, currency, amount, en, zh }) => {
    expect(recordItem(kind, memo, 'en_US', as(currency, amount))).toBe(en);
    expect(recordItem(kind, memo, 'zh_TW', as(currency, amount))).toBe(zh);
  });

  it('has a sample and a label in both languages for every kind of record', () => {
    for (const kind of RECORD_KINDS) {
      expect(SAMPLES.some((s) => s.kind === kind)).toBe(true);
      expect(recordKindLabel(kind, 'en_US')).not.toBe(kind);
      expect(recordKindLabel(kind, 'zh_TW')).not.toBe(recordKindLabel(kind, 'en_US'));
    }
  });

  it('reads a memo missing fields or of other types without failing, and an unknown kind as its name', () => {
    for (const kind of RECORD_KINDS) {
      for (const memo of [null, {}, { name: 42, days: 'x', giftKey: {}, agentId: 7, agentName: [] }]) {
        expect(recordItem(kind, memo, 'en_US', as('JE', -1)).length).toBeGreaterThan(0);
        expect(recordItem(kind, memo, 'zh_TW', as('JE', 1)).length).toBeGreaterThan(0);
      }
    }
    expect(recordItem('grant', null, 'en_US', as('JE', 1))).toBe('grant');
    expect(recordKindLabel('grant', 'zh_TW')).toBe('grant');
    expect(recordItem('store_purchase', { name: 'Plain name' }, 'zh_TW', as('JE', -1))).toBe('商城：Plain name');
    expect(recordItem('store_purchase', { name: { en: 'Only English' } }, 'zh_TW', as('JE', -1))).toBe('商城：Only English');
  });

  it('reads a refund as the refund of what its charge was for, and every status in both languages', () => {
    const memo = { creationId: 'c1', workflow: 'text2Img', orderId: 'c1' };
    expect(recordItem('creation', memo, 'en_US', { currency: 'CAC', amount: 1, status: 'refund' })).toBe('Refund · Creation: Text to image');
    expect(recordItem('creation', memo, 'zh_TW', { currency: 'CAC', amount: 1, status: 'refund' })).toBe('退款・創作：文生圖');
    // the charge itself, whatever became of it, reads as the movement
    for (const status of ['held', 'paid', 'refunded'] as const) expect(recordItem('creation', memo, 'en_US', { currency: 'CAC', amount: -1, status })).toBe('Creation: Text to image');
    // a refund gives back what the charge took: an exchange's refund names the diamonds spent, not a gain
    expect(recordItem('exchange', {}, 'en_US', { currency: 'JE', amount: 5, status: 'refund' })).toBe('Refund · Diamonds exchanged');
    expect(RECORD_STATUSES.map((s) => recordStatusLabel(s, 'en_US'))).toEqual(['Completed', 'Held', 'Paid', 'Refunded', 'Refund']);
    expect(RECORD_STATUSES.map((s) => recordStatusLabel(s, 'zh_TW'))).toEqual(['已完成', '預扣中', '已付款', '已退款', '退款']);
  });
});
