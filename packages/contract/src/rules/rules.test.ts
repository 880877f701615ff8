import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { gridColumns, LIMITS } from './constants.ts';
import { debounce } from './debounce.ts';
import { displayWidth, truncateByWidth } from './display-width.ts';
import { resizedImageUrl } from './image-url.ts';
import { rateToSlider, semitonesToSlider, sliderToRate, sliderToSemitones } from './sliders.ts';
import { formatDateTime, formatDay, formatMonthDay } from './time.ts';

describe('display width (SPEC §5)', () => {
  it('counts a Chinese character as 2 and anything else as 1', () => {
    expect(displayWidth('abc')).toBe(3);
    expect(displayWidth('星光')).toBe(4);
    expect(displayWidth('AI角色')).toBe(6);
    expect(displayWidth('')).toBe(0);
  });

  it('cuts to the maximum width and appends "..." only when cut', () => {
    expect(truncateByWidth('hello', 5)).toBe('hello');
    expect(truncateByWidth('hello world', 5)).toBe('hello...');
    expect(truncateByWidth('星光閃閃', 5)).toBe('星光...');
    expect(truncateByWidth('a星光', 4)).toBe('a星...');
  });

  it('never keeps more than the maximum width before the ellipsis', () => {
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 0, max: 40 }), (text, max) => {
        const out = truncateByWidth(text, max);
        if (displayWidth(text) <= max) {
          expect(out).toBe(text);
          return;
        }
        expect(out.endsWith('...')).toBe(true);
        const body = out.slice(0, -3);
        expect(displayWidth(body)).toBeLessThanOrEqual(max);
        expect(text.startsWith(body)).toBe(true);
      }),
    );
  });
});

describe('slider mappings (SPEC §9)', () => {
  it('maps 0–100 to integers −12..12 in steps of 100/24', () => {
    expect(sliderToSemitones(0)).toBe(-12);
    expect(sliderToSemitones(50)).toBe(0);
    expect(sliderToSemitones(100)).toBe(12);
    expect(sliderToSemitones(100 / 24)).toBe(-11);
    expect(sliderToSemitones(100 / 24 / 2 - 0.01)).toBe(-12);
    expect(sliderToSemitones(150)).toBe(12);
    expect(sliderToSemitones(-5)).toBe(-12);
  });

  it('round-trips every semitone', () => {
    for (let s = -12; s <= 12; s++) expect(sliderToSemitones(semitonesToSlider(s))).toBe(s);
  });

  it('maps 0–100 to 0.5..2 with 2 decimals', () => {
    expect(sliderToRate(0)).toBe(0.5);
    expect(sliderToRate(100)).toBe(2);
    expect(sliderToRate(50)).toBe(1.25);
    expect(sliderToRate(33)).toBe(1);
    expect(sliderToRate(1)).toBe(0.52);
    fc.assert(
      fc.property(fc.double({ min: 0, max: 100, noNaN: true }), (p) => {
        const r = sliderToRate(p);
        expect(r).toBeGreaterThanOrEqual(0.5);
        expect(r).toBeLessThanOrEqual(2);
        expect(Math.round(r * 100) / 100).toBe(r);
      }),
    );
    expect(rateToSlider(1.25)).toBe(50);
  });
});

describe('time display at UTC+8 (SPEC §9)', () => {
  it('formats YYYY-MM-DD HH:mm shifted by 8 hours', () => {
    expect(formatDateTime('2026-11-20T15:59:00Z')).toBe('2026-11-20 23:59');
    expect(formatDateTime('2026-11-20T16:00:00Z')).toBe('2026-11-21 00:00');
    expect(formatDateTime(Date.UTC(2026, 0, 1, 0, 5))).toBe('2026-01-01 08:05');
  });

  it('names the UTC+8 day as YYYY-MM-DD', () => {
    expect(formatDay('2026-11-20T15:59:59Z')).toBe('2026-11-20');
    expect(formatDay(new Date('2026-11-20T16:00:00Z'))).toBe('2026-11-21');
  });

  it('formats MM.DD shifted by 8 hours', () => {
    expect(formatMonthDay('2026-12-31T16:30:00Z')).toBe('01.01');
    expect(formatMonthDay(new Date('2026-03-05T01:00:00Z'))).toBe('03.05');
  });
});

describe('image resize URL (SPEC §7)', () => {
  const host = 'https://static.example.com/';
  it('resolves relative paths on the static host with the default width 400', () => {
    expect(resizedImageUrl('/media/a.png', host)).toBe('https://static.example.com/media/a.png?image_process=resize,w_400');
    expect(resizedImageUrl('media/a.png', 'https://s.example')).toBe('https://s.example/media/a.png?image_process=resize,w_400');
  });

  it('keeps absolute URLs and their query, replacing an existing resize', () => {
    expect(resizedImageUrl('https://cdn.example/x.jpg?v=2', host, 800)).toBe('https://cdn.example/x.jpg?v=2&image_process=resize,w_800');
    expect(resizedImageUrl('https://cdn.example/x.jpg?image_process=resize,w_100&v=2', host, 200)).toBe('https://cdn.example/x.jpg?v=2&image_process=resize,w_200');
  });

  it('leaves data and blob URLs and empty values alone', () => {
    expect(resizedImageUrl('data:image/png;base64,AAAA', host)).toBe('data:image/png;base64,AAAA');
    expect(resizedImageUrl('', host)).toBe('');
  });

  it('works with a same-origin (empty) static host', () => {
    expect(resizedImageUrl('/media/a.png', '')).toBe('/media/a.png?image_process=resize,w_400');
  });
});

describe('constants and debounce (SPEC §9)', () => {
  it('grid columns follow the width rule', () => {
    expect([1920, 1281, 1280, 1025, 1024, 769, 768, 641, 640, 390].map(gridColumns)).toEqual([5, 5, 4, 4, 3, 3, 2, 2, 2, 2]);
  });

  it('debounces at 300 ms by default', () => {
    vi.useFakeTimers();
    const fn = vi.fn();
    const d = debounce(fn);
    d(1);
    d(2);
    vi.advanceTimersByTime(LIMITS.defaultDebounceMs - 1);
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(1);
    expect(fn).toHaveBeenCalledWith(2);
    d(3);
    d.cancel();
    vi.advanceTimersByTime(1000);
    expect(fn).toHaveBeenCalledTimes(1);
    vi.useRealTimers();
  });

  it('keeps the spec numbers', () => {
    expect(LIMITS).toMatchObject({ requestTimeoutMs: 60000, toastAutoCloseMs: 2500, toastWidthPx: 320, defaultImageWidth: 400, roleSetting: 1000, openingLine: 500, tagsPerAgent: 5 });
  });
});

describe('voice settings on the slider grid (SPEC §9)', () => {
  it('stores rates on the slider steps so a slider round trip never changes them', async () => {
    const { VoiceSettings } = await import('../calls/agents.ts');
    const parsed = VoiceSettings.parse({ pitch: 0, volume: 0.51, speed: 1.333 });
    expect(sliderToRate(rateToSlider(parsed.volume))).toBe(parsed.volume);
    expect(sliderToRate(rateToSlider(parsed.speed))).toBe(parsed.speed);
    expect(VoiceSettings.parse({})).toEqual({ pitch: 0, volume: 1, speed: 1 });
  });
});
