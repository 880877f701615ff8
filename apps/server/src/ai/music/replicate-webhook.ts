import { createHmac, timingSafeEqual } from 'node:crypto';

/** How far a webhook's timestamp may be from our clock: older deliveries may be replays. */
export const WEBHOOK_TOLERANCE_SECONDS = 5 * 60;

/** The three headers Replicate signs a webhook delivery with. */
export interface WebhookHeaders {
  'webhook-id'?: string;
  'webhook-timestamp'?: string;
  'webhook-signature'?: string;
}

/**
 * Whether a webhook delivery really comes from Replicate: HMAC-SHA256, keyed with the
 * base64 after "whsec_" of the account's signing secret (GET /v1/webhooks/default/secret),
 * over "<webhook-id>.<webhook-timestamp>.<raw body>", matching one of the space-separated
 * "v1,<base64>" entries of webhook-signature, and sent within {@link WEBHOOK_TOLERANCE_SECONDS}.
 * `rawBody` must be the bytes as received: parsed and re-serialized JSON would not match.
 */
export function verifyReplicateWebhook(headers: WebhookHeaders, rawBody: string | Buffer, secret: string, nowSeconds = Date.now() / 1000): boolean {
  const id = headers['webhook-id'];
  const timestamp = headers['webhook-timestamp'];
  const signatures = headers['webhook-signature'];
  if (!id || !timestamp || !signatures || !/^\d+$/.test(timestamp)) return false;
  if (Math.abs(nowSeconds - Number(timestamp)) > WEBHOOK_TOLERANCE_SECONDS) return false;
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.`).update(rawBody).digest();
  return signatures.split(' ').some((entry) => {
    const [version, value] = entry.split(',', 2);
    if (version !== 'v1' || !value) return false;
    const given = Buffer.from(value, 'base64');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}
