import { describe, expect, it } from 'vitest';
import { DAILY_TASK_FIELDS, DAILY_TASK_STEPS, DAILY_TASK_TYPES, DailyTaskForm, FORWARD_PLATFORMS, shareLink } from './daily-tasks.ts';

describe('daily task share links', () => {
  const url = 'https://starlit.example/?work=1f0e&lang=zh_TW';
  const title = '米拉的海邊日記 & more';

  it("opens each platform's own share page with the link and the words encoded", () => {
    const links = Object.fromEntries(FORWARD_PLATFORMS.map((p) => [p, new URL(shareLink(p, url, title))]));
    expect(links.x!.origin + links.x!.pathname).toBe('https://x.com/intent/post');
    expect(links.x!.searchParams.get('url')).toBe(url);
    expect(links.x!.searchParams.get('text')).toBe(title);
    expect(links.facebook!.searchParams.get('u')).toBe(url);
    expect(links.line!.hostname).toBe('social-plugins.line.me');
    expect(links.line!.searchParams.get('url')).toBe(url);
    expect(links.weibo!.searchParams.get('title')).toBe(title);
    // the link's own query does not leak into the share page's
    expect(links.weibo!.searchParams.get('lang')).toBeNull();
  });
});

describe('daily task form', () => {
  it('names a step list and the fields of every type', () => {
    for (const type of DAILY_TASK_TYPES) {
      expect(DAILY_TASK_STEPS[type].at(-1)).toBe('card');
      expect(DAILY_TASK_FIELDS[type].agent).toBe('required');
    }
  });

  it('takes a form with what each type needs and refuses unknown platforms', () => {
    const base = { description: 'a', introduction: 'b', publishType: 'immediate' };
    expect(DailyTaskForm.safeParse({ ...base, type: 'text_to_song', song: { source: 'compose', genre: 'ballad' } }).success).toBe(true);
    expect(DailyTaskForm.safeParse({ ...base, type: 'text_to_image', forward: ['myspace'] }).success).toBe(false);
    expect(DailyTaskForm.parse({ ...base, type: 'text_to_image' }).forward).toEqual([]);
  });
});
