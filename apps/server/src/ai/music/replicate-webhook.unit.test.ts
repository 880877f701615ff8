import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { verifyReplicateWebhook } from './replicate-webhook.ts';

const key = Buffer.from('a signing key of thirty-two bytes!');
const secret = `whsec_${key.toString('base64')}`;
const body = JSON.stringify({ id: 'p1', status: 'succeeded', output: 'https://replicate.delivery/x/out.wav' });
const now = 1_795_000_000;

/** Signs as Replicate does, independently of the code under test. */
const sign = (id: string, timestamp: number, payload: string, withKey = key) => `v1,${createHmac('sha256', withKey).update(`${id}.${timestamp}.${payload}`).digest('base64')}`;
const headers = (signature: string, timestamp = now) => ({ 'webhook-id': 'msg_1', 'webhook-timestamp': String(timestamp), 'webhook-signature': signature });

describe('verifyReplicateWebhook', () => {
  it('accepts a delivery signed with the secret, also among several signatures', () => {
    expect(verifyReplicateWebhook(headers(sign('msg_1', now, body)), body, secret, now)).toBe(true);
    expect(verifyReplicateWebhook(headers(`v1,bm90IGl0 ${sign('msg_1', now, body)}`), Buffer.from(body), secret, now + 60)).toBe(true);
  });

  it('refuses a changed body, another id, another key, another scheme, a stale time and missing headers', () => {
    const good = sign('msg_1', now, body);
    expect(verifyReplicateWebhook(headers(good), body.replace('succeeded', 'failed'), secret, now)).toBe(false);
    expect(verifyReplicateWebhook({ ...headers(good), 'webhook-id': 'msg_2' }, body, secret, now)).toBe(false);
    expect(verifyReplicateWebhook(headers(sign('msg_1', now, body, Buffer.from('another key'))), body, secret, now)).toBe(false);
    expect(verifyReplicateWebhook(headers(good.replace('v1,', 'v2,')), body, secret, now)).toBe(false);
    expect(verifyReplicateWebhook(headers(good), body, secret, now + 301)).toBe(false);
    expect(verifyReplicateWebhook({ 'webhook-id': 'msg_1', 'webhook-signature': good }, body, secret, now)).toBe(false);
  });
});
