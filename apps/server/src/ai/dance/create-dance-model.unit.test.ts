import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { createDanceModel } from './create-dance-model.ts';
import { HTTP_DANCE_ENGINE } from './http-dance.ts';
import { OFFLINE_DANCE_ENGINE } from './dance-model.ts';

describe('createDanceModel', () => {
  it('dances offline without a motion service', () => {
    expect(loadConfig({}).dance.service).toBeNull();
    expect(createDanceModel(loadConfig({}).dance).engine).toBe(OFFLINE_DANCE_ENGINE);
  });

  it('uses the motion service at DANCE_SERVICE_URL, with its key when one is given', () => {
    const config = loadConfig({ DANCE_SERVICE_URL: 'https://motion.example/api', DANCE_SERVICE_KEY: 'mk_1' });
    expect(config.dance.service).toEqual({ url: 'https://motion.example/api', apiKey: 'mk_1' });
    expect(createDanceModel(config.dance).engine).toBe(HTTP_DANCE_ENGINE);
    expect(loadConfig({ DANCE_SERVICE_URL: 'http://127.0.0.1:9000' }).dance.service).toEqual({ url: 'http://127.0.0.1:9000', apiKey: null });
  });

  it('refuses a key without a service and an address that is none', () => {
    expect(() => loadConfig({ DANCE_SERVICE_KEY: 'mk_1' })).toThrow(/DANCE_SERVICE_KEY needs DANCE_SERVICE_URL/);
    expect(() => loadConfig({ DANCE_SERVICE_URL: 'motion please' })).toThrow(/DANCE_SERVICE_URL/);
  });
});
