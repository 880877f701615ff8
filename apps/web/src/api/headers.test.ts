import { describe, expect, it } from 'vitest';
import { buildHeaders, type HeaderContext } from './headers';

const context: HeaderContext = {
  token: 'web-token',
  passportToken: 'passport-token',
  inNativeApp: false,
  deviceType: 'PC',
  language: 'en_US',
  deviceId: 'device-1',
  appId: 'starlit',
  now: 1_700_000_000_000,
};

describe('request headers (SPEC §7)', () => {
  it('carries every header of SPEC §7 in the browser', () => {
    expect(buildHeaders(context)).toEqual({
      token: 'web-token',
      'Content-Type': 'application/json',
      'X-Custom-Device-Type': 'PC',
      'X-VersionCode': '1.0.0',
      'X-Timestamp': '1700000000000',
      'Accept-Language': 'en_US',
      'X-Lang': 'en_US',
      'X-Deviceid': 'device-1',
      'X-App-Name': 'starlit-web',
      'X-App-Id': 'starlit',
    });
  });

  it('uses the passport token and the in-app name inside the native app', () => {
    const headers = buildHeaders({ ...context, inNativeApp: true, deviceType: 'H5', language: 'zh_TW' });
    expect(headers.token).toBe('passport-token');
    expect(headers['X-App-Name']).toBe('starlit-web-in-app');
    expect(headers['X-Custom-Device-Type']).toBe('H5');
    expect(headers['X-Lang']).toBe('zh_TW');
    expect(headers['Accept-Language']).toBe('zh_TW');
  });

  it('sends no token header when signed out', () => {
    expect(buildHeaders({ ...context, token: null, passportToken: null })).not.toHaveProperty('token');
  });
});
