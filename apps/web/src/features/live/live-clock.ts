// The show's clock, kept free of the DOM and three.js so it can be tested on its own.
//
// A show's playlist started at `startedAt` (server time) and loops. Every viewer computes the
// same playhead from the server's time, so everyone hears and sees the same moment of the
// same track: the offset between this device's clock and the server's is measured NTP-style
// (docs/live.md, The clock).

/** One round trip to `live/clock`: local send time, the server's answer, local receive time (ms). */
export interface ClockSample {
  t0: number;
  now: number;
  t1: number;
}

/**
 * The server's clock minus this device's, from the sample with the shortest round trip (its
 * midpoint is the least uncertain): offset = now − (t0 + t1) / 2. Null without samples.
 */
export function clockOffset(samples: readonly ClockSample[]): number | null {
  let best: ClockSample | null = null;
  for (const s of samples) {
    if (!Number.isFinite(s.now) || s.t1 < s.t0) continue;
    if (!best || s.t1 - s.t0 < best.t1 - best.t0) best = s;
  }
  return best ? best.now - (best.t0 + best.t1) / 2 : null;
}

/** Where the show is: which track, and how far into it (seconds), and how long until it ends. */
export interface Playhead {
  index: number;
  offset: number;
  remaining: number;
}

/**
 * The playhead at server time `serverNow` (ms) of a looping playlist that started at
 * `startedAt` (ms), its tracks `seconds` long. Before the start, the first track's beginning;
 * null when the playlist has no length.
 */
export function playheadAt(seconds: readonly number[], startedAt: number, serverNow: number): Playhead | null {
  const lengths = seconds.map((s) => (Number.isFinite(s) && s > 0 ? s : 0));
  const total = lengths.reduce((a, b) => a + b, 0);
  if (total <= 0) return null;
  const elapsed = Math.max(0, (serverNow - startedAt) / 1000);
  let at = elapsed % total;
  for (let index = 0; index < lengths.length; index++) {
    const length = lengths[index];
    if (length > 0 && at < length) return { index, offset: at, remaining: length - at };
    at -= length;
  }
  // rounding at the very end of the loop: the start of the first track that has a length
  const first = lengths.findIndex((l) => l > 0);
  return { index: first, offset: 0, remaining: lengths[first] };
}

/** Audio further than this from the playhead is sought back to it. */
export const DRIFT_LIMIT_S = 0.15;

/** Whether the audio at `audioTime` should be sought to `expected` (seconds). */
export function isDrifting(audioTime: number, expected: number, limit = DRIFT_LIMIT_S): boolean {
  return !Number.isFinite(audioTime) || Math.abs(audioTime - expected) > limit;
}

/** The sway's tempo when a track has no dance and no known bpm. */
export const DEFAULT_BPM = 110;

/**
 * The beat sway of a track without a dance: a phase in [−1, 1] that swings once every two
 * beats at `bpm`, at `seconds` into the track (so it follows the music, not the frame rate).
 */
export function swayPhase(seconds: number, bpm: number | null): number {
  const tempo = bpm && bpm > 0 ? bpm : DEFAULT_BPM;
  return Math.sin((seconds * tempo * Math.PI) / 60);
}

/** Reconnect delay after `attempt` failures (0-based): 1 s doubling up to 10 s. */
export function reconnectDelay(attempt: number): number {
  return Math.min(10_000, 1000 * 2 ** Math.max(0, attempt));
}

/** A length in seconds as h:mm:ss, or m:ss under an hour. */
export function formatDuration(total: number): string {
  const s = Math.max(0, Math.floor(total));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}
