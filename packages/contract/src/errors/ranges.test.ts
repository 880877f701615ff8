import { describe, expect, it } from 'vitest';
import { ERROR_FEATURES, ERROR_RANGES, ErrorCode } from './index.ts';

const ranges = Object.entries(ERROR_RANGES);
const features = Object.entries(ERROR_FEATURES);

describe('error code ranges', () => {
  it('do not overlap', () => {
    const sorted = ranges.map(([, range]) => range).sort((a, b) => a[0] - b[0]);
    for (let i = 1; i < sorted.length; i++) expect(sorted[i][0], `${sorted[i]} after ${sorted[i - 1]}`).toBeGreaterThan(sorted[i - 1][1]);
  });

  it("hold every feature's codes inside the feature's range", () => {
    for (const [feature, errors] of features) {
      const [from, to] = ERROR_RANGES[feature as keyof typeof ERROR_FEATURES];
      for (const [name, code] of Object.entries(errors.codes)) {
        expect(code, `${feature} ${name}`).toBeGreaterThanOrEqual(from);
        expect(code, `${feature} ${name}`).toBeLessThanOrEqual(to);
      }
    }
  });

  it('give no code or name to two features', () => {
    const owners = new Map<number | string, string>();
    for (const [feature, errors] of features) {
      for (const [name, code] of Object.entries(errors.codes)) {
        for (const key of [name, code]) {
          expect(owners.get(key), `${key} is declared by ${owners.get(key)} and ${feature}`).toBeUndefined();
          owners.set(key, feature);
        }
      }
    }
  });

  it('combine into ErrorCode without losing any', () => {
    const declared = features.flatMap(([, errors]) => Object.entries(errors.codes));
    expect(Object.entries(ErrorCode).sort()).toEqual(declared.sort());
  });
});
