// What the creation bench does as people would: sign up through the built-in provider, get
// creation counts from an admin, ask for creations over HTTP and hear them move on over the
// realtime stream (/ai/realtime), on one clock (performance.now()).
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import { calls, CREATION_RATIOS, CREATION_STYLES, type Creation } from '@starlit/contract';
import { eventReader } from '@starlit/contract/sse';
import { Browser } from '../../apps/server/test/browser.ts';
import { exchange, signUpThroughPassport } from '../../apps/server/test/sign-in.ts';
import { call, pool } from '../chat/server-process.ts';

export const newKey = () => `bench_${randomBytes(9).toString('hex')}`;

/** The i-th creation's settings: every ratio and style in turn, as the direct engine run draws them too. */
export function text2ImgInput(i: number) {
  return {
    workflow: 'text2Img' as const,
    description: `a lighthouse under the northern lights, number ${i}`,
    style: CREATION_STYLES[i % CREATION_STYLES.length],
    ratio: CREATION_RATIOS[i % CREATION_RATIOS.length],
  };
}

export interface Person {
  name: string;
  userId: string;
  token: string;
}

async function signUp(origin: string, name: string) {
  const b = new Browser();
  const back = await signUpThroughPassport(b, origin, name);
  const session = await exchange(b, origin, back.code, back.state);
  if (session.code !== 0) throw new Error(`sign-in of ${name} failed: ${session.message}`);
  return session.data.token;
}

/**
 * `count` new people with `counts` creation counts each, given by the admin `adminName`
 * (in the server's ADMIN_USERS) through the economy console's adjustment, as an operator would.
 */
export async function peopleWithCounts(origin: string, adminName: string, count: number, counts: number): Promise<Person[]> {
  const admin = await signUp(origin, adminName);
  return pool(Array.from({ length: count }), 4, async () => {
    const name = `bench_${randomBytes(4).toString('hex')}`;
    const token = await signUp(origin, name);
    const { userId } = await call<{ userId: string }>(origin, calls.economyAdmin.findUser.path, { name }, admin);
    await call(origin, calls.economyAdmin.adjust.path, { userId, currency: 'CAC', amount: counts, reason: 'creation bench', key: newKey() }, admin);
    return { name, userId, token };
  });
}

/** A server that could not be reached (killed, or not listening): the request may or may not have been carried out. */
export class Unreachable extends Error {}

export type Outcome<T> = { accepted: true; data: T } | { accepted: false; code: number; message: string };

/** A call as the web client makes it; throws Unreachable when the server is gone before it answered. */
async function send<T>(origin: string, callPath: string, body: unknown, token: string): Promise<Outcome<T>> {
  let res: Response;
  try {
    res = await fetch(`${origin}${callPath}`, { method: 'POST', headers: { 'content-type': 'application/json', token }, body: JSON.stringify(body) });
  } catch (err) {
    throw new Unreachable(`${origin}: ${(err as Error & { cause?: Error }).cause?.message ?? (err as Error).message}`);
  }
  let envelope: { code: number; message: string; data: T };
  try {
    envelope = (await res.json()) as typeof envelope;
  } catch (err) {
    // the connection was cut before the whole answer came
    throw new Unreachable(`${origin}: ${(err as Error).message}`);
  }
  return envelope.code === 0 ? { accepted: true, data: envelope.data } : { accepted: false, code: envelope.code, message: envelope.message };
}

/** `creation/create` as the studio sends it: the i-th settings under the studio's idempotency key. */
export const create = (origin: string, person: Person, i: number, key: string) =>
  send<Creation & { replayed: boolean }>(origin, calls.creation.create.path, { ...text2ImgInput(i), key }, person.token);

/** `creation/cancel`: the creation cancelled and refunded, or 5106 when it had ended already. */
export const cancel = (origin: string, person: Person, id: string) => send<Creation>(origin, calls.creation.cancel.path, { id }, person.token);

interface Heard {
  /** When the first event of the creation arrived (its job's first progress: the job started). */
  firstAt: number;
  endedAt: number | null;
  state: string | null;
}

/**
 * One person's realtime stream: notes when each creation's events arrive and tells waiters
 * when one ended. Events can arrive before the create call's answer, so they are kept by id.
 */
export class CreationEvents {
  readonly heard = new Map<string, Heard>();
  private readonly waiters = new Map<string, () => void>();
  private req: http.ClientRequest | null = null;

  constructor(private readonly agent: http.Agent) {}

  /** Opens the stream and resolves once the server wrote its first bytes (it listens from then on). */
  open(origin: string, token: string): Promise<void> {
    return new Promise((resolve, reject) => {
      const take = eventReader();
      this.req = http.get(`${origin}/ai/realtime`, { agent: this.agent, headers: { token } }, (res) => {
        if (res.statusCode !== 200) return reject(new Error(`realtime answered ${res.statusCode}`));
        res.setEncoding('utf8');
        res.on('data', (part: string) => {
          const at = performance.now();
          resolve();
          for (const { event, data } of take(part)) if (event === 'creation') this.note(JSON.parse(data) as { creationId: string; state: string }, at);
        });
        // a stream cut when its server is killed is expected; waiters are told by another stream or time out
        res.on('error', () => undefined);
      });
      this.req.on('error', reject);
    });
  }

  private note(event: { creationId: string; state: string }, at: number) {
    const heard = this.heard.get(event.creationId) ?? { firstAt: at, endedAt: null, state: null };
    this.heard.set(event.creationId, heard);
    if (event.state !== 'generating' && heard.endedAt === null) {
      heard.endedAt = at;
      heard.state = event.state;
      this.waiters.get(event.creationId)?.();
      this.waiters.delete(event.creationId);
    }
  }

  /** Resolves when the creation ended (at once if it has), rejects after `timeoutMs`. */
  ended(id: string, timeoutMs: number): Promise<Heard> {
    const heard = this.heard.get(id);
    if (heard?.endedAt != null) return Promise.resolve(heard);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters.delete(id);
        reject(new Error(`creation ${id} did not end within ${timeoutMs} ms`));
      }, timeoutMs);
      this.waiters.set(id, () => {
        clearTimeout(timer);
        resolve(this.heard.get(id)!);
      });
    });
  }

  close() {
    this.req?.destroy();
  }
}
