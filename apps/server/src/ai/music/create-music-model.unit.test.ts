import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { createMusicModel } from './create-music-model.ts';

const VERSION = '671ac645ce5e552cc63a54a2bbff63fcf798043055d2dac5fc9e36a837eedcfb';

describe('createMusicModel', () => {
  it('plays offline without Replicate, and with a token but no music model', () => {
    expect(loadConfig({}).music.replicate).toBeNull();
    expect(createMusicModel(loadConfig({}).music).engine).toBe('Starlit algorithmic composer (offline)');
    expect(createMusicModel(loadConfig({ REPLICATE_API_TOKEN: 'r8_x' }).music).engine).toBe('Starlit algorithmic composer (offline)');
  });

  it('uses Replicate with a token and a model, a pinned version or a bare version id', () => {
    const config = loadConfig({ REPLICATE_API_TOKEN: 'r8_x', REPLICATE_MUSIC_MODEL: 'meta/musicgen' });
    expect(config.music.replicate).toEqual({ apiUrl: 'https://api.replicate.com', token: 'r8_x', model: 'meta/musicgen' });
    expect(createMusicModel(config.music).engine).toBe('meta/musicgen (Replicate)');
    expect(createMusicModel(loadConfig({ REPLICATE_API_TOKEN: 'r8_x', REPLICATE_MUSIC_MODEL: `meta/musicgen:${VERSION}` }).music).engine).toBe('meta/musicgen (Replicate)');
    expect(createMusicModel(loadConfig({ REPLICATE_API_TOKEN: 'r8_x', REPLICATE_MUSIC_MODEL: VERSION }).music).engine).toBe('671ac645ce5e (Replicate)');
  });

  it('refuses a model without a token and a model name that is none', () => {
    expect(() => loadConfig({ REPLICATE_MUSIC_MODEL: 'meta/musicgen' })).toThrow(/REPLICATE_MUSIC_MODEL needs REPLICATE_API_TOKEN/);
    expect(() => loadConfig({ REPLICATE_API_TOKEN: 'r8_x', REPLICATE_MUSIC_MODEL: 'musicgen please' })).toThrow(/REPLICATE_MUSIC_MODEL/);
    expect(() => loadConfig({ REPLICATE_API_URL: 'not a url' })).toThrow(/REPLICATE_API_URL/);
  });
});
