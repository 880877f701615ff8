import { WORK_LIMITS } from '@starlit/contract';
import { describe, expect, it } from 'vitest';
import { clampZoom, checkFile, peaksOf, ZOOM } from './work-rules';
import { shareUrl, withWork } from './work-address';
import { newValues, workProblems } from './work-form';

describe('checkFile', () => {
  it('knows a picture, a sound and a video by type', () => {
    expect(checkFile({ type: 'image/png', size: 10 })).toEqual({ ok: true, kind: 'image' });
    expect(checkFile({ type: 'audio/mpeg', size: 10 })).toEqual({ ok: true, kind: 'audio' });
    expect(checkFile({ type: 'video/webm', size: 10 })).toEqual({ ok: true, kind: 'video' });
  });

  it('refuses other types, and sounds where only pictures are wanted (a post)', () => {
    expect(checkFile({ type: 'image/gif', size: 10 })).toEqual({ ok: false, problem: 'type' });
    expect(checkFile({ type: 'audio/mpeg', size: 10 }, ['image'])).toEqual({ ok: false, problem: 'type' });
  });

  it("refuses a file over its kind's limit, saying the limit", () => {
    expect(checkFile({ type: 'image/jpeg', size: WORK_LIMITS.imageBytes })).toEqual({ ok: true, kind: 'image' });
    expect(checkFile({ type: 'image/jpeg', size: WORK_LIMITS.imageBytes + 1 })).toEqual({ ok: false, problem: 'size', maxMb: 10 });
    expect(checkFile({ type: 'video/mp4', size: WORK_LIMITS.videoBytes + 1 })).toEqual({ ok: false, problem: 'size', maxMb: 50 });
  });
});

describe('peaksOf', () => {
  it('takes the loudest sample of each slice, scaled to the loudest', () => {
    expect(peaksOf(new Float32Array([0.1, -0.5, 0.25, 0.2]), 2)).toEqual([1, 0.5]);
  });

  it('gives zeros for silence', () => {
    expect(peaksOf(new Float32Array(8), 4)).toEqual([0, 0, 0, 0]);
  });
});

describe('clampZoom', () => {
  it('stays between 1× and 8×', () => {
    expect(clampZoom(1, 1 / ZOOM.step)).toBe(1);
    expect(clampZoom(7, 2)).toBe(8);
    expect(clampZoom(1, ZOOM.step)).toBe(1.25);
  });
});

describe('withWork', () => {
  it('adds the work to the address and keeps the rest', () => {
    expect(withWork('?tab=image', 'w1')).toBe('?tab=image&work=w1');
    expect(withWork('?tab=image&work=w1', null)).toBe('?tab=image');
    expect(withWork('?work=w1', null)).toBe('');
  });
});

describe('shareUrl', () => {
  it('is the detail over home, whatever page it was opened on', () => {
    expect(shareUrl('w1', { origin: 'https://starlit.test', pathname: '/' })).toBe('https://starlit.test/#/?work=w1');
  });
});

describe('workProblems', () => {
  const valid = { ...newValues('Ana', 'Image'), name: 'Dawn' };

  it('passes a named work with a category and a publisher', () => {
    expect(workProblems(valid)).toEqual({});
  });

  it('asks for a category and counts a Chinese character as 2 of the 20', () => {
    expect(workProblems({ ...valid, category: '' })).toEqual({ category: 'works:form.categoryRequired' });
    expect(workProblems({ ...valid, name: '星'.repeat(10) })).toEqual({});
    expect(workProblems({ ...valid, name: '星'.repeat(11) })).toEqual({ name: 'work.nameTooLong' });
    expect(workProblems({ ...valid, publisher: ' ' })).toEqual({ publisher: 'work.publisherRequired' });
  });
});
