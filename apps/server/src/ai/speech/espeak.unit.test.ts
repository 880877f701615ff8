import { describe, expect, it } from 'vitest';
import { canRun } from './run-process.ts';
import { espeakArguments, espeakSpeech } from './espeak.ts';
import type { SpeechVoice } from './speech-model.ts';

const installed = await canRun('espeak-ng', ['--version']);
const voice = (settings: Partial<SpeechVoice['settings']> = {}): SpeechVoice => ({
  voiceId: 'v',
  engineParams: { engine: 'espeak-ng', voice: 'en-us+f3', pitch: 62, speed: 165 },
  settings: { pitch: 0, volume: 1, speed: 1, ...settings },
});

describe('eSpeak NG arguments', () => {
  it('keeps the voice as it is at neutral settings', () => {
    expect(espeakArguments({ engine: 'espeak-ng', voice: 'cmn+m2', pitch: 44, speed: 155 }, { pitch: 0, volume: 1, speed: 1 })).toEqual([
      '--stdout',
      '-b',
      '1',
      '-v',
      'cmn+m2',
      '-p',
      '44',
      '-s',
      '155',
      '-a',
      '100',
    ]);
  });

  it('moves pitch around the voice own pitch, scales rate and amplitude, and clamps', () => {
    const args = espeakArguments({ engine: 'espeak-ng', voice: 'en', pitch: 50, speed: 300 }, { pitch: 12, volume: 2, speed: 2 });
    expect(args.slice(5)).toEqual(['-p', '99', '-s', '450', '-a', '200']);
    const low = espeakArguments({ engine: 'espeak-ng', voice: 'en', pitch: 50, speed: 100 }, { pitch: -6, volume: 0.5, speed: 0.5 });
    expect(low.slice(5)).toEqual(['-p', '25', '-s', '80', '-a', '50']);
  });
});

describe.skipIf(!installed)('eSpeak NG speech (needs espeak-ng; skipped without it)', () => {
  const espeak = espeakSpeech();

  it('is available and speaks a WAV with real sizes in its header', async () => {
    expect(await espeak.available()).toBe(true);
    const out = await espeak.synthesize('Hello from Starlit.', voice());
    expect(out.contentType).toBe('audio/wav');
    expect(out.engine).toBe('eSpeak NG (offline)');
    expect(out.audio.toString('ascii', 0, 4)).toBe('RIFF');
    expect(out.audio.readUInt32LE(4)).toBe(out.audio.length - 8);
    expect(out.audio.readUInt32LE(40)).toBe(out.audio.length - 44);
    expect(out.audio.length).toBeGreaterThan(10_000);
  });

  it('reads text that looks like options or shell as words', async () => {
    const out = await espeak.synthesize('--help; $(touch /tmp/starlit-pwned) `id`', voice());
    expect(out.audio.length).toBeGreaterThan(10_000);
  });

  it('speaks faster when the speed slider is up', async () => {
    const slow = await espeak.synthesize('one two three four five six', voice({ speed: 0.5 }));
    const fast = await espeak.synthesize('one two three four five six', voice({ speed: 2 }));
    expect(fast.audio.length).toBeLessThan(slow.audio.length * 0.6);
  });

  it('stops when aborted', async () => {
    const controller = new AbortController();
    const long = 'A rather long sentence that keeps going. '.repeat(200);
    const pending = espeak.synthesize(long, voice({ speed: 0.5 }), controller.signal);
    setTimeout(() => controller.abort(new Error('stop')), 20);
    await expect(pending).rejects.toThrow('stop');
  });

  it('gives up after its timeout', async () => {
    const hasty = espeakSpeech({ timeoutMs: 1 });
    await expect(hasty.synthesize('A rather long sentence. '.repeat(300), voice())).rejects.toThrow(/longer than 1 ms/);
  });
});

it('says it is unavailable when the command does not exist', async () => {
  expect(await canRun('espeak-ng-not-installed-here', ['--version'])).toBe(false);
});
