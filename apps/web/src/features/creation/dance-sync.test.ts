import { AnimationClip, AnimationMixer, LoopOnce, Object3D, VectorKeyframeTrack } from 'three';
import { describe, expect, it } from 'vitest';
import { createDriftMeter, danceTime, formatClock, poseAt } from './dance-sync';

const CLIP_SECONDS = 180;

/** A real three.js mixer playing a clip whose pose is its own time: position.x = t. */
function dancer() {
  const body = new Object3D();
  const track = new VectorKeyframeTrack('.position', [0, CLIP_SECONDS], [0, 0, 0, CLIP_SECONDS, 0, 0]);
  const clip = new AnimationClip('dance', CLIP_SECONDS, [track]);
  const mixer = new AnimationMixer(body);
  const action = mixer.clipAction(clip);
  action.setLoop(LoopOnce, 1);
  action.clampWhenFinished = true;
  action.play();
  return { body, mixer, action, clip };
}

describe('danceTime', () => {
  it('is the song time inside the clip, the first pose before it and the last after it', () => {
    expect(danceTime(12.345, CLIP_SECONDS)).toBe(12.345);
    expect(danceTime(0, CLIP_SECONDS)).toBe(0);
    expect(danceTime(-1, CLIP_SECONDS)).toBe(0);
    expect(danceTime(Number.NaN, CLIP_SECONDS)).toBe(0);
    expect(danceTime(181.5, CLIP_SECONDS)).toBe(CLIP_SECONDS);
    expect(danceTime(Number.POSITIVE_INFINITY, CLIP_SECONDS)).toBe(0);
  });
});

describe('poseAt', () => {
  it('shows the pose of the song time on every frame, however irregular the frames', () => {
    const { body, mixer, action } = dancer();
    for (const t of [0, 0.016, 0.05, 0.051, 1.7, 1.7, 42.25, 90.125]) {
      expect(poseAt(mixer, action, t, CLIP_SECONDS)).toBe(t);
      expect(body.position.x).toBeCloseTo(t, 9);
    }
  });

  it('follows a seek back after the end, a pause and a jump forward', () => {
    const { body, mixer, action } = dancer();
    poseAt(mixer, action, 185, CLIP_SECONDS);
    expect(body.position.x).toBe(CLIP_SECONDS);
    // a mixer moved by deltas (or setTime) pauses a LoopOnce action at its end and ignores later times
    poseAt(mixer, action, 30, CLIP_SECONDS);
    expect(body.position.x).toBeCloseTo(30, 9);
    poseAt(mixer, action, 30, CLIP_SECONDS);
    expect(body.position.x).toBeCloseTo(30, 9);
    poseAt(mixer, action, 150.5, CLIP_SECONDS);
    expect(body.position.x).toBeCloseTo(150.5, 9);
    expect(action.isRunning()).toBe(true);
  });

  it('stays on the song where summing frame deltas drifts past 50 ms in 3 minutes', () => {
    const naive = dancer();
    const synced = dancer();
    naive.action.time = 0;
    // a sound card 500 ppm fast against the display, 60 frames a second with one frame in 30 dropped
    const audioRate = 1.0005;
    let wall = 0;
    let worst = 0;
    for (let frame = 1; wall < CLIP_SECONDS - 1; frame++) {
      const delta = frame % 30 === 0 ? 2 / 60 : 1 / 60;
      wall += delta;
      const audioTime = wall * audioRate;
      naive.mixer.update(delta);
      poseAt(synced.mixer, synced.action, audioTime, CLIP_SECONDS);
      worst = Math.max(worst, Math.abs(synced.body.position.x - audioTime));
    }
    const audioTime = wall * audioRate;
    expect(Math.abs(naive.body.position.x - audioTime) * 1000).toBeGreaterThan(50);
    expect(worst * 1000).toBeLessThan(1e-6);
  });
});

describe('createDriftMeter', () => {
  it('keeps the largest gap in milliseconds and counts the frames', () => {
    const meter = createDriftMeter();
    expect(meter.maxMs).toBe(0);
    meter.record(10, 10.004, CLIP_SECONDS);
    meter.record(20.03, 20, CLIP_SECONDS);
    meter.record(30, 30, CLIP_SECONDS);
    expect(meter.maxMs).toBeCloseTo(30, 6);
    expect(meter.frames).toBe(3);
  });

  it('leaves out frames past the clip, where the last pose is held on purpose, and unknown times', () => {
    const meter = createDriftMeter();
    meter.record(CLIP_SECONDS, 184, CLIP_SECONDS);
    meter.record(0, Number.NaN, CLIP_SECONDS);
    expect(meter.frames).toBe(0);
    expect(meter.maxMs).toBe(0);
  });
});

describe('formatClock', () => {
  it('writes m:ss, and 0:00 for an unknown time', () => {
    expect(formatClock(0)).toBe('0:00');
    expect(formatClock(7.9)).toBe('0:07');
    expect(formatClock(65)).toBe('1:05');
    expect(formatClock(180)).toBe('3:00');
    expect(formatClock(Number.NaN)).toBe('0:00');
    expect(formatClock(Number.POSITIVE_INFINITY)).toBe('0:00');
  });
});
