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

  it('reads the job lease, 60 s unless set, and refuses one under 5 s', () => {
    expect(loadConfig({}).jobs.leaseMs).toBe(60_000);
    expect(loadConfig({ JOB_LEASE_MS: '5000' }).jobs.leaseMs).toBe(5000);
    expect(() => loadConfig({ JOB_LEASE_MS: '1000' })).toThrow(/JOB_LEASE_MS/);
  });

  it('refuses half an OpenID Connect configuration and bad values, naming them', () => {
    expect(() => loadConfig({ OIDC_ISSUER: 'https://id.example' })).toThrow(/OIDC_ISSUER and OIDC_CLIENT_ID/);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(loadConfig({ OIDC_ISSUER: 'https://id.example', OIDC_CLIENT_ID: 'starlit' }).oidc).toEqual({ issuer: 'https://id.example', clientId: 'starlit', clientSecret: '' });
  });

  it('takes Stripe only with both its key and its webhook secret', () => {
    expect(loadConfig({}).stripe).toBeNull();
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(/STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET/);
    expect(loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' }).stripe).toEqual({ secretKey: 'sk_test_x', webhookSecret: 'whsec_x', apiUrl: null });
  });

  it('reads an S3 bucket, with the AWS address by default and a normalized prefix', () => {
    const keys = { S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret' };
    expect(loadConfig({}).s3).toBeNull();
    expect(loadConfig({ S3_BUCKET: 'starlit-media', S3_REGION: 'eu-west-1', ...keys }).s3).toEqual({
      bucket: 'starlit-media',
      endpoint: 'https://s3.eu-west-1.amazonaws.com',
      region: 'eu-west-1',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
      forcePathStyle: false,
      prefix: '',
    });
    const minio = loadConfig({ S3_BUCKET: 'media', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_FORCE_PATH_STYLE: '1', S3_PREFIX: '/prod/starlit/', ...keys }).s3;
    expect(minio).toMatchObject({ endpoint: 'http://127.0.0.1:9000', region: 'us-east-1', forcePathStyle: true, prefix: 'prod/starlit/' });
  });

  it('refuses half an S3 configuration, naming what is missing', () => {
    const keys = { S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret' };
    expect(() => loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000', ...keys })).toThrow(/S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY are set but S3_BUCKET is not/);
    expect(() => loadConfig({ S3_BUCKET: 'media', S3_REGION: 'eu-west-1' })).toThrow(/S3_BUCKET needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/);
    expect(() => loadConfig({ S3_BUCKET: 'media', ...keys })).toThrow(/S3_BUCKET needs S3_REGION \(for AWS\) or S3_ENDPOINT/);
    expect(() => loadConfig({ S3_BUCKET: 'Media_Files', S3_REGION: 'eu-west-1', ...keys })).toThrow(/S3_BUCKET: must be a bucket name/);
    expect(() => loadConfig({ S3_BUCKET: 'media', S3_REGION: 'eu-west-1', S3_PREFIX: '../up', ...keys })).toThrow(/S3_PREFIX must be folder names/);
    expect(() => loadConfig({ S3_BUCKET: 'media', S3_ENDPOINT: 'minio:9000', ...keys })).toThrow(/S3_ENDPOINT/);
  });
});
