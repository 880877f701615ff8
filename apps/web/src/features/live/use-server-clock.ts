import { calls } from '@starlit/contract';
import { useEffect, useRef } from 'react';
import { callApi, isOk } from '../../api/client';
import { clockOffset, type ClockSample } from './live-clock';

const SAMPLES = 5;
/** The offset is measured again now and then: a device's clock drifts, and it may be set meanwhile. */
const RESAMPLE_MS = 5 * 60_000;

/**
 * The server's time now, in ms: `live/clock` asked a few times (NTP-style, the shortest round
 * trip wins). Until the first answer it is this device's time.
 */
export function useServerClock(): () => number {
  const offset = useRef(0);
  useEffect(() => {
    let stopped = false;
    const measure = async () => {
      const samples: ClockSample[] = [];
      for (let i = 0; i < SAMPLES && !stopped; i++) {
        const t0 = performance.now();
        const answer = await callApi(calls.live.clock, {});
        const t1 = performance.now();
        // the sample in the device's wall clock: performance.now() for the trip, Date.now() for its place
        const base = Date.now() - t1;
        if (isOk(answer)) samples.push({ t0: base + t0, now: answer.data.now, t1: base + t1 });
      }
      const measured = clockOffset(samples);
      if (!stopped && measured !== null) offset.current = measured;
    };
    void measure();
    const timer = setInterval(() => void measure(), RESAMPLE_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, []);
  const now = useRef(() => Date.now() + offset.current);
  return now.current;
}
