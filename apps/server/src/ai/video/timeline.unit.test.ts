import { describe, expect, it } from 'vitest';
import { GAP_SECONDS, LEAD_SECONDS, layOut, MIN_PANEL_SECONDS, TAIL_SECONDS, TITLE_SECONDS, TRANSITION_FRAMES, VIDEO_FPS } from './timeline.ts';

const line = (seconds: number) => ({ speaker: 'Mia', text: 'hi', seconds });
const T = TRANSITION_FRAMES / VIDEO_FPS;

describe('layOut', () => {
  it('overlaps clips by one transition and places lines after each panel has come in', () => {
    const timeline = layOut([[line(1), line(2)], [], [line(0.5)]], true);
    const holds = [TITLE_SECONDS, LEAD_SECONDS + 1 + GAP_SECONDS + 2 + TAIL_SECONDS, MIN_PANEL_SECONDS, MIN_PANEL_SECONDS];
    expect(timeline.seconds).toBeCloseTo(
      holds.reduce((sum, hold) => sum + hold + T, 0),
      1,
    );
    for (let i = 1; i < timeline.clips.length; i++) {
      const before = timeline.clips[i - 1];
      expect(timeline.clips[i].start).toBe(before.start + before.frames - TRANSITION_FRAMES);
    }
    const last = timeline.clips.at(-1);
    expect(last && last.start + last.frames).toBe(timeline.frames);
    const first = timeline.clips[1].start / VIDEO_FPS + T + LEAD_SECONDS;
    expect(timeline.lines.map((l) => [l.clip, l.line])).toEqual([
      [1, 0],
      [1, 1],
      [3, 0],
    ]);
    expect(timeline.lines[0].start).toBeCloseTo(first, 6);
    expect(timeline.lines[1].start).toBeCloseTo(first + 1 + GAP_SECONDS, 6);
    expect(timeline.lines[2].start).toBeCloseTo(timeline.clips[3].start / VIDEO_FPS + T + LEAD_SECONDS, 6);
    expect(timeline.lines[2].end - timeline.lines[2].start).toBeCloseTo(0.5, 6);
  });

  it('keeps every clip a whole number of frames and a silent panel at least its minimum', () => {
    const timeline = layOut([[line(0.123)], []], false);
    expect(timeline.clips[0].start).toBe(0);
    for (const clip of timeline.clips) expect(Number.isInteger(clip.frames)).toBe(true);
    expect(timeline.clips[1].frames).toBe(Math.ceil(MIN_PANEL_SECONDS * VIDEO_FPS) + 2 * TRANSITION_FRAMES);
    expect(timeline.seconds).toBe(timeline.frames / VIDEO_FPS);
  });
});
