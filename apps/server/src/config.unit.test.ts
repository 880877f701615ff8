import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('configuration', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({});
    expect([c.port, c.host, c.seedDemo, c.databaseUrl, c.redisUrl, c.oidc, c.rateLimitPerMinute, c.bodyLimit]).toEqual([8080, '0.0.0.0', true, null, null, null, 600, 1024 * 1024]);
    expect(c.dbDir.endsWith('/data/db')).toBe(true);
    expect(c.mediaDir.endsWith('/data/media')).toBe(true);
  });

  it('turns the demo seed off with SEED_DEMO=0 and reads admins', () => {
    const c = loadConfig({ SEED_DEMO: '0', ADMIN_USERS: ' alice, bob ,' });
    expect(c.seedDemo).toBe(false);
    expect(c.adminUsers).toEqual(['alice', 'bob']);
  });

  it('refuses half an OpenID Connect configuration and bad values, naming them', () => {
    expect(() => loadConfig({ OIDC_ISSUER: 'https://id.example' })).toThrow(/OIDC_ISSUER and OIDC_CLIENT_ID/);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(loadConfig({ OIDC_ISSUER: 'https://id.example', OIDC_CLIENT_ID: 'starlit' }).oidc).toEqual({ issuer: 'https://id.example', clientId: 'starlit', clientSecret: '' });
  });
});
