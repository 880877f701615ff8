// A stand-in for Stripe's API on a local port, speaking its protocol for the calls Starlit makes:
// form-encoded POST /v1/checkout/sessions (with Idempotency-Key; `expires_at` 30 min–24 h ahead),
// GET /v1/checkout/sessions/:id, POST /v1/checkout/sessions/:id/expire (open sessions only),
// Bearer secret keys, Stripe's error shape. `pay` plays the buyer finishing the checkout;
// `event` builds the webhook body Stripe would send, signed by the stripe library's own helper.
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export const FAKE_STRIPE_KEY = 'sk_test_starlit_fake';
export const FAKE_WEBHOOK_SECRET = 'whsec_starlit_fake';

interface Session {
  id: string;
  object: 'checkout.session';
  mode: 'payment';
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  client_reference_id: string | null;
  metadata: Record<string, string>;
  amount_total: number;
  currency: string;
  success_url: string;
  cancel_url: string;
  url: string;
  created: number;
  expires_at: number;
  livemode: false;
}

const stripeError = (res: http.ServerResponse, status: number, type: string, message: string) => {
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${randomBytes(6).toString('hex')}` });
  res.end(JSON.stringify({ error: { type, message } }));
};

export async function startFakeStripe() {
  const sessions = new Map<string, Session>();
  const byIdempotencyKey = new Map<string, string>();
  const seen: Array<{ method: string; path: string; idempotencyKey: string | undefined }> = [];
  let failures = 0;
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    req.on('end', () => {
      const key = req.headers['idempotency-key'] as string | undefined;
      seen.push({ method: req.method ?? '', path: req.url ?? '', idempotencyKey: key });
      if (req.headers.authorization !== `Bearer ${FAKE_STRIPE_KEY}`) return stripeError(res, 401, 'invalid_request_error', 'Invalid API Key provided');
      if (failures > 0) {
        failures -= 1;
        return stripeError(res, 500, 'api_error', 'Something went wrong on our end');
      }
      const reply = (session: Session) => {
        res.writeHead(200, { 'content-type': 'application/json', 'request-id': `req_${randomBytes(6).toString('hex')}` });
        res.end(JSON.stringify(session));
      };
      if (req.method === 'POST' && req.url === '/v1/checkout/sessions') {
        const known = key ? byIdempotencyKey.get(key) : undefined;
        if (known) return reply(sessions.get(known) as Session);
        const form = new URLSearchParams(body);
        const unitAmount = Number(form.get('line_items[0][price_data][unit_amount]'));
        const currency = form.get('line_items[0][price_data][currency]');
        if (form.get('mode') !== 'payment' || !currency || !Number.isInteger(unitAmount) || !form.get('success_url')) {
          return stripeError(res, 400, 'invalid_request_error', 'Missing required param');
        }
        const created = Math.floor(Date.now() / 1000);
        const expiresAt = form.has('expires_at') ? Number(form.get('expires_at')) : created + 86_400;
        if (!Number.isInteger(expiresAt) || expiresAt < created + 1_800 || expiresAt > created + 86_400) {
          return stripeError(res, 400, 'invalid_request_error', 'The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.');
        }
        const id = `cs_test_${randomBytes(12).toString('hex')}`;
        const metadata: Record<string, string> = {};
        for (const [name, value] of form) {
          const m = /^metadata\[(.+)\]$/.exec(name);
          if (m) metadata[m[1]] = value;
        }
        const session: Session = {
          id,
          object: 'checkout.session',
          mode: 'payment',
          status: 'open',
          payment_status: 'unpaid',
          client_reference_id: form.get('client_reference_id'),
          metadata,
          amount_total: unitAmount * Number(form.get('line_items[0][quantity]') ?? 1),
          currency,
          success_url: form.get('success_url') as string,
          cancel_url: form.get('cancel_url') as string,
          url: `https://checkout.stripe.com/c/pay/${id}`,
          created,
          expires_at: expiresAt,
          livemode: false,
        };
        sessions.set(id, session);
        if (key) byIdempotencyKey.set(key, id);
        return reply(session);
      }
      const expire = /^\/v1\/checkout\/sessions\/([^/?]+)\/expire$/.exec(req.url ?? '');
      if (req.method === 'POST' && expire) {
        const session = sessions.get(expire[1]);
        if (!session) return stripeError(res, 404, 'invalid_request_error', `No such checkout.session: '${expire[1]}'`);
        if (session.status !== 'open') {
          return stripeError(res, 400, 'invalid_request_error', `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of \`${session.status}\`.`);
        }
        session.status = 'expired';
        return reply(session);
      }
      const get = /^\/v1\/checkout\/sessions\/([^/?]+)/.exec(req.url ?? '');
      if (req.method === 'GET' && get) {
        const session = sessions.get(get[1]);
        return session ? reply(session) : stripeError(res, 404, 'invalid_request_error', `No such checkout.session: '${get[1]}'`);
      }
      return stripeError(res, 404, 'invalid_request_error', `Unrecognized request URL (${req.method}: ${req.url})`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const signer = new Stripe(FAKE_STRIPE_KEY);
  return {
    url,
    sessions,
    seen,
    /** The next `n` API calls answer 500. */
    failNext(n: number) {
      failures = n;
    },
    /** The buyer completes the checkout (only an open one can be). */
    pay(id: string) {
      const session = sessions.get(id);
      if (!session) throw new Error(`no session ${id}`);
      if (session.status !== 'open') throw new Error(`session ${id} is ${session.status}`);
      session.status = 'complete';
      session.payment_status = 'paid';
    },
    /** A webhook delivery as Stripe sends it: the event's JSON and its Stripe-Signature header. */
    event(type: string, sessionId: string, secret = FAKE_WEBHOOK_SECRET) {
      const payload = JSON.stringify({
        id: `evt_${randomBytes(12).toString('hex')}`,
        object: 'event',
        api_version: '2025-01-27.acacia',
        created: Math.floor(Date.now() / 1000),
        type,
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        data: { object: sessions.get(sessionId) },
      });
      return { payload, signature: signer.webhooks.generateTestHeaderString({ payload, secret }) };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
