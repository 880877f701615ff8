import { describe, expect, it } from 'vitest';
import { authorizeUrl, readAuthParams, returnAddress, signedInAddress, signedOutAddress, withoutSignInParams } from './auth-address';

describe('sign-in addresses (SPEC §4)', () => {
  it('reads code and state from the search or from the hash query', () => {
    expect(readAuthParams('http://app.test/?code=abc&state=xyz#/')).toEqual({ code: 'abc', state: 'xyz', noLogin: false });
    expect(readAuthParams('http://app.test/#/content?tab=notifications&code=abc')).toEqual({ code: 'abc', state: null, noLogin: false });
    expect(readAuthParams('http://app.test/#/?noLogin=1')).toEqual({ code: null, state: null, noLogin: true });
  });

  it('strips code and state and keeps everything else', () => {
    expect(withoutSignInParams('http://app.test/?code=abc&state=xyz')).toBe('http://app.test/');
    expect(withoutSignInParams('http://app.test/?code=abc&x=1#/content?tab=notifications&state=s')).toBe('http://app.test/?x=1#/content?tab=notifications');
    expect(withoutSignInParams('http://app.test/#/?code=abc')).toBe('http://app.test/#/');
  });

  it('returns to the current address without noLogin, code and state', () => {
    expect(returnAddress('http://app.test/?code=1#/content?tab=notifications&noLogin=1')).toBe('http://app.test/#/content?tab=notifications');
  });

  it('builds the authorize address with the return address URL-encoded', () => {
    expect(authorizeUrl('', 'http://app.test/#/hotlist?noLogin=1', 'en_US')).toBe(`/ai/api/v1/auth/authorize?return_to=${encodeURIComponent('http://app.test/#/hotlist')}&lang=en_US`);
    expect(authorizeUrl('https://ai.example', 'http://app.test/#/', 'zh_TW')).toBe(`https://ai.example/ai/api/v1/auth/authorize?return_to=${encodeURIComponent('http://app.test/#/')}&lang=zh_TW`);
  });

  it('sends a 401 home with noLogin', () => {
    expect(signedOutAddress('http://app.test/?code=1#/content?tab=x')).toBe('http://app.test/#/?noLogin=1');
  });

  it('goes to returnTo after sign-in only when it is same-origin, else home', () => {
    const here = 'http://app.test/?code=abc#/';
    expect(signedInAddress('/#/agent', here)).toBe('/#/agent');
    expect(signedInAddress('http://app.test/#/content?tab=x', here)).toBe('http://app.test/#/content?tab=x');
    expect(signedInAddress(null, here)).toBe('/#/');
    expect(signedInAddress('//evil.com/x', here)).toBe('/#/');
    expect(signedInAddress('https://evil.com/#/', here)).toBe('/#/');
    expect(signedInAddress('https://app.test/#/', here)).toBe('/#/');
    expect(signedInAddress('javascript:alert(1)', here)).toBe('/#/');
    expect(signedInAddress('http://[bad', here)).toBe('/#/');
  });
});
