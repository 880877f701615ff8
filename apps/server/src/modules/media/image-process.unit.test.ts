import { describe, expect, it } from 'vitest';
import { parseImageProcess, RESIZE_MAX_WIDTH } from './image-process.ts';

describe('image_process parameter', () => {
  it('reads resize,w_N and rounds the width up to a step of 50', () => {
    expect(parseImageProcess(undefined)).toBeNull();
    expect(parseImageProcess('resize,w_400')).toBe(400);
    expect(parseImageProcess('resize,w_401')).toBe(450);
    expect(parseImageProcess('resize,w_16')).toBe(50);
    expect(parseImageProcess('resize,w_2048')).toBe(RESIZE_MAX_WIDTH);
  });

  it('bounds the distinct widths an image can be cached at', () => {
    const widths = new Set<number | null>();
    for (let w = 16; w <= RESIZE_MAX_WIDTH; w++) widths.add(parseImageProcess(`resize,w_${w}`));
    expect(widths.size).toBeLessThanOrEqual(42);
  });

  it('refuses other operations, widths out of range and repeats', () => {
    for (const bad of ['resize,w_15', 'resize,w_2049', 'crop,w_100', 'resize,h_100', ['resize,w_100', 'resize,w_200']]) {
      expect(() => parseImageProcess(bad)).toThrow();
    }
  });
});
