// The load both paths get: `perSecond` sends a second at a steady pace for `seconds`, every
// `giftEvery`-th one a gift, alternating between the instances. Each send notes its wall-clock
// time before the request; the answer gives the event's number, so seq → send time is known.
import { performance } from 'node:perf_hooks';
import os from 'node:os';
import process from 'node:process';

export const wallNow = () => performance.timeOrigin + performance.now();

export interface Send {
  /** The i-th send: a chat or a gift, to instance i % 2; answers the event's number. */
  (i: number, kind: 'chat' | 'gift', sentAt: number): Promise<number>;
}

export async function runLoad(seconds: number, chatsPerSecond: number, giftsPerSecond: number, send: Send) {
  const perSecond = chatsPerSecond + giftsPerSecond;
  const giftEvery = giftsPerSecond > 0 ? Math.round(perSecond / giftsPerSecond) : 0;
  const total = Math.round(seconds * perSecond);
  const intervalMs = 1000 / perSecond;
  const sendTimes = new Map<number, number>();
  const errors: string[] = [];
  const inFlight = new Set<Promise<void>>();
  let chats = 0;
  let gifts = 0;
  let lateMs = 0;
  const cpuBefore = process.cpuUsage();
  const began = performance.now();
  for (let i = 0; i < total; i++) {
    const due = began + i * intervalMs;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    lateMs = Math.max(lateMs, performance.now() - due);
    const kind = giftEvery && i % giftEvery === giftEvery - 1 ? 'gift' : 'chat';
    if (kind === 'gift') gifts++;
    else chats++;
    const sentAt = wallNow();
    const p = send(i, kind, sentAt)
      .then((seq) => void sendTimes.set(seq, sentAt))
      .catch((err: unknown) => void errors.push(String(err instanceof Error ? err.message : err)))
      .finally(() => inFlight.delete(p));
    inFlight.add(p);
  }
  await Promise.all(inFlight);
  const elapsed = (performance.now() - began) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  return {
    sendTimes,
    chats,
    gifts,
    sent: total,
    failed: errors.length,
    errors: [...new Set(errors)].slice(0, 5),
    seconds: Math.round(elapsed * 10) / 10,
    /** How late the sender's timer fired at worst: a busy main thread shows here. */
    senderLateMaxMs: Math.round(lateMs),
    // the whole bench process (all its threads, viewers included), 100 = one core
    clientCpuPercent: Math.round((cpu.user + cpu.system) / 10 / 1000 / elapsed),
    loadAverage: os.loadavg().map((l) => Math.round(l * 100) / 100),
  };
}
