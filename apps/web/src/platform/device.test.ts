import { describe, expect, it } from 'vitest';
import { detectDeviceType, deviceId } from './device';

describe('device (SPEC §7)', () => {
  it('is H5 on a mobile user agent or a narrow touch screen, PC otherwise', () => {
    expect(detectDeviceType('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148', false)).toBe('H5');
    expect(detectDeviceType('Mozilla/5.0 (Linux; Android 14; Pixel 8)', false)).toBe('H5');
    expect(detectDeviceType('Mozilla/5.0 (X11; Linux x86_64) Chrome/130', true)).toBe('H5');
    expect(detectDeviceType('Mozilla/5.0 (X11; Linux x86_64) Chrome/130', false)).toBe('PC');
  });

  it('keeps one random device id', () => {
    const map = new Map<string, string>();
    const store = { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v) };
    const first = deviceId(store);
    expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(deviceId(store)).toBe(first);
  });
});
