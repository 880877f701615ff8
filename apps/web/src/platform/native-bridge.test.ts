import { describe, expect, it } from 'vitest';
import { isHeaderHiddenInNativeApp, isInNativeApp } from './native-bridge';

describe('native bridge', () => {
  it('recognises the native app by its user agent marker', () => {
    expect(isInNativeApp('Mozilla/5.0 (iPhone) StarlitApp/2.3.0')).toBe(true);
    expect(isInNativeApp('Mozilla/5.0 (iPhone) Safari/604.1')).toBe(false);
  });

  it('hides the header on activity and vote paths only', () => {
    for (const path of ['/activity', '/rule/1', '/vote', '/vote-result', '/live', '/live/6f1c2a9e-1b2c-4d5e-8f90-123456789abc', '/best7']) expect(isHeaderHiddenInNativeApp(path), path).toBe(true);
    for (const path of ['/', '/content', '/community', '/lively']) expect(isHeaderHiddenInNativeApp(path), path).toBe(false);
  });
});
