import { describe, expect, it } from 'vitest';
import { couponPrice, MIN_CHARGE_MINOR } from './recharge.ts';

describe('the starter coupon price', () => {
  it('takes 30% off, the cents rounding for the buyer', () => {
    expect([couponPrice(99), couponPrice(499), couponPrice(1499)]).toEqual([69, 349, 1049]);
  });

  it('never goes below the least charge, nor above the package price', () => {
    expect(couponPrice(MIN_CHARGE_MINOR)).toBe(MIN_CHARGE_MINOR);
    expect(couponPrice(71)).toBe(MIN_CHARGE_MINOR);
    expect(couponPrice(72)).toBe(50);
    expect(couponPrice(1)).toBe(1);
    for (let p = 1; p <= 1000; p++) expect(couponPrice(p)).toBeGreaterThanOrEqual(Math.min(p, MIN_CHARGE_MINOR));
  });
});
