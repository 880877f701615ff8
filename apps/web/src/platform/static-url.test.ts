import { describe, expect, it } from 'vitest';
import { staticUrl } from './static-url';

describe('media addresses (SPEC §7)', () => {
  it('resolves relative paths on the static host', () => {
    expect(staticUrl('/media/a.mp3', 'https://s.example')).toBe('https://s.example/media/a.mp3');
    expect(staticUrl('media/a.mp3', '')).toBe('/media/a.mp3');
  });

  it('keeps addresses with a scheme or protocol-relative as they are', () => {
    for (const src of ['https://cdn.example/a.mp4', '//cdn.example/a.mp4', 'blob:http://app.test/1', 'data:audio/mpeg;base64,AA']) {
      expect(staticUrl(src, 'https://s.example')).toBe(src);
    }
  });
});
