// The load both paths get: `perSecond` sends a second at a steady pace for `seconds`, every
// `giftEvery`-th one a gift, alternating between the instances. Each send notes its wall-clock
// time before the request; the answer gives the event's number, so seq → send time is known.
import { performance } from 'node:perf_hooks';
import os from 'node:os';
import process from 'node:process';

export const wallNow = () => performance.timeOrigin + performance.now();

/** The i-th send: a chat or a gift, to instance i % 2; answers the event's number. */
export type Send = (i: number, kind: 'chat' | 'gift', sentAt: number) => Promise<number>;

/**
 * Sends for `seconds`, then waits at most `drainSeconds` for the last answers: a path that falls
 * behind leaves sends unanswered (`unanswered`) rather than stretching the run for minutes.
 */
export async function runLoad(seconds: number, chatsPerSecond: number, giftsPerSecond: number, drainSeconds: number, send: Send) {
  const perSecond = chatsPerSecond + giftsPerSecond;
  const giftEvery = giftsPerSecond > 0 ? Math.round(perSecond / giftsPerSecond) : 0;
  const total = Math.round(seconds * perSecond);
  const intervalMs = 1000 / perSecond;
  const sendTimes = new Map<number, number>();
  const answerMs: number[] = [];
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
      .then((seq) => {
        sendTimes.set(seq, sentAt);
        answerMs.push(wallNow() - sentAt);
      })
      .catch((err: unknown) => void errors.push(String(err instanceof Error ? err.message : err)))
      .finally(() => inFlight.delete(p));
    inFlight.add(p);
  }
  const sendingSeconds = (performance.now() - began) / 1000;
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([Promise.all(inFlight), new Promise((resolve) => (timer = setTimeout(resolve, drainSeconds * 1000)))]);
  clearTimeout(timer);
  const elapsed = (performance.now() - began) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  // answers still to come count as slower than any that came
  answerMs.sort((x, y) => x - y);
  for (let k = 0; k < inFlight.size; k++) answerMs.push(Number.POSITIVE_INFINITY);
  const pct = (p: number) => (answerMs.length ? Math.round(answerMs[Math.min(answerMs.length - 1, Math.floor((p / 100) * answerMs.length))] * 10) / 10 : null);
  return {
    sendTimes,
    chats,
    gifts,
    sent: total,
    failed: errors.length,
    /** Sends still unanswered `drainSeconds` after the last one: the path fell behind. */
    unanswered: inFlight.size,
    errors: [...new Set(errors)].slice(0, 5),
    sendingSeconds: Math.round(sendingSeconds * 10) / 10,
    seconds: Math.round(elapsed * 10) / 10,
    // from the send to the call's answer (the event stored and published): the write path alone
    // null: that share of the sends was still unanswered when the drain ended
    answerP50Ms: pct(50),
    answerP99Ms: pct(99),
    answerMaxMs: answerMs.length ? Math.round(answerMs[answerMs.length - 1]) : null,
    /** How late the sender's timer fired at worst: a busy main thread shows here. */
    senderLateMaxMs: Math.round(lateMs),
    // the whole bench process (all its threads, viewers included), 100 = one core
    clientCpuPercent: Math.round((cpu.user + cpu.system) / 10 / 1000 / elapsed),
    loadAverage: os.loadavg().map((l) => Math.round(l * 100) / 100),
  };
}
