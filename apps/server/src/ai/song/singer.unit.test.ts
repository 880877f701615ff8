import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeService, type FakeService } from '../../../test/fake-service.ts';
import { encodeMp3 } from '../music/encode.ts';
import { encodeWav } from '../music/wav.ts';
import { canRun } from '../speech/run-process.ts';
import type { SpeechVoice } from '../speech/speech-model.ts';
import { decodeWav } from '../voice/pcm.ts';
import type { Lyrics, SongLang } from './lyrics.ts';
import { genreFeel, type Melody, writeMelody } from './melody.ts';
import { pitchOf } from './psola.ts';
import { createSinger, HTTP_SINGER_ENGINE, httpSinger, OFFLINE_SINGER_ENGINE, offlineSinger, singingVoice } from './singer.ts';

const installed = (await canRun('espeak-ng', ['--version'])) && (await canRun('ffmpeg', ['-version']));

const voice = (name: string): SpeechVoice => ({ voiceId: 'v1', engineParams: { engine: 'espeak-ng', voice: name, pitch: 55, speed: 165 }, settings: { pitch: 0, volume: 1, speed: 1 } });

const SHORT: Record<SongLang, Lyrics> = {
  en_US: {
    title: 'Harbour Lights',
    sections: [
      { kind: 'verse', lines: ['Lanterns on the water', 'Drifting out to the sea'] },
      { kind: 'chorus', lines: ['Shine on harbour lights', 'Carry me home tonight'] },
    ],
  },
  zh_TW: {
    title: '港口燈火',
    sections: [
      { kind: 'verse', lines: ['燈籠漂在水上', '慢慢漂向大海'] },
      { kind: 'chorus', lines: ['港口的燈火啊', '今晚帶我回家'] },
    ],
  },
};

/** The vocal measured note by note: the autocorrelation pitch in the middle of each note against its MIDI pitch. */
function pitchFollowing(audio: Buffer, melody: Melody) {
  const { samples, sampleRate } = decodeWav(audio);
  let voiced = 0;
  let within = 0;
  for (const note of melody.notes) {
    const from = Math.round((note.start + Math.min(0.1, note.seconds * 0.25)) * sampleRate);
    const to = Math.round((note.start + note.seconds * 0.8) * sampleRate);
    const hz = pitchOf(samples, sampleRate, from, to);
    if (!hz) continue;
    voiced++;
    if (Math.abs(69 + 12 * Math.log2(hz / 440) - note.midi) <= 1) within++;
  }
  return { voiced: voiced / melody.notes.length, within: within / voiced };
}

/** Energy onsets: 10 ms RMS every 5 ms, an onset where it rises past 8% of its peak after lying under 3%. */
function onsets(audio: Buffer): number[] {
  const { samples, sampleRate } = decodeWav(audio);
  const hop = Math.round(sampleRate * 0.005);
  const envelope: number[] = [];
  for (let at = 0; at + 2 * hop <= samples.length; at += hop) {
    let sum = 0;
    for (let i = at; i < at + 2 * hop; i++) sum += samples[i] * samples[i];
    envelope.push(Math.sqrt(sum / (2 * hop)));
  }
  const peak = Math.max(...envelope);
  const found: number[] = [];
  let quiet = true;
  let rise = 0;
  envelope.forEach((value, i) => {
    if (value < peak * 0.03) quiet = true;
    if (quiet && value >= peak * 0.03 && rise === 0) rise = i;
    if (value < peak * 0.03) rise = 0;
    if (quiet && value >= peak * 0.08) {
      found.push((rise * hop) / sampleRate);
      quiet = false;
      rise = 0;
    }
  });
  return found;
}

describe.skipIf(!installed)('offline singer (needs espeak-ng and ffmpeg)', () => {
  const singer = offlineSinger();

  it('sings an English melody on pitch, each note starting at its time', async () => {
    const melody = writeMelody(SHORT.en_US, { ...genreFeel('pop'), seed: 4, lang: 'en_US' });
    const { audio, engine } = await singer.sing({ melody, voice: voice('en-us+f3'), lang: 'en_US' });
    expect(engine).toBe(OFFLINE_SINGER_ENGINE);
    const { samples, sampleRate } = decodeWav(audio);
    expect(sampleRate).toBe(22_050);
    expect(samples.length / sampleRate).toBeCloseTo(melody.seconds, 2);
    // silent through the lead-in, before the first note
    expect(Math.max(...samples.subarray(0, Math.floor(melody.notes[0].start * sampleRate) - 10).map(Math.abs))).toBe(0);
    const pitch = pitchFollowing(audio, melody);
    expect(pitch.voiced).toBeGreaterThanOrEqual(0.85);
    expect(pitch.within).toBeGreaterThanOrEqual(0.9);
    const heard = onsets(audio);
    const hit = melody.notes.filter((n) => heard.some((t) => Math.abs(t - n.start) <= 0.03)).length;
    expect(hit / melody.notes.length).toBeGreaterThanOrEqual(0.9);
    // nothing else starts, but a word's closing consonant after its vowel (the "ts" of "lights")
    const stray = heard.filter((t) => !melody.notes.some((n) => Math.abs(n.start - t) <= 0.03 || (t > n.start + n.seconds * 0.6 && t < n.start + n.seconds)));
    expect(stray).toEqual([]);
  }, 20_000);

  it('sings Chinese with a Mandarin voice of the same kind, on pitch', async () => {
    expect(singingVoice(voice('en-us+f3'), 'zh_TW').voice).toBe('cmn+f3');
    expect(singingVoice(voice('cmn+m2'), 'en_US').voice).toBe('en-us+m2');
    expect(singingVoice(voice('en-gb+m1'), 'en_US').voice).toBe('en-gb+m1');
    const melody = writeMelody(SHORT.zh_TW, { ...genreFeel('ballad'), seed: 2, lang: 'zh_TW' });
    const { audio } = await singer.sing({ melody, voice: voice('cmn+m2'), lang: 'zh_TW' });
    const pitch = pitchFollowing(audio, melody);
    expect(pitch.voiced).toBeGreaterThanOrEqual(0.85);
    expect(pitch.within).toBeGreaterThanOrEqual(0.9);
  }, 20_000);

  it('stops when aborted', async () => {
    const melody = writeMelody(SHORT.en_US, { ...genreFeel('pop'), seed: 4, lang: 'en_US' });
    const controller = new AbortController();
    controller.abort(new Error('stopped'));
    await expect(singer.sing({ melody, voice: voice('en-us+f3'), lang: 'en_US' }, controller.signal)).rejects.toThrow('stopped');
  });
});

describe('HTTP singer against a local singing service', () => {
  type Behaviour = 'wav' | 'mp3' | 'broken' | 'not-audio' | 'hang';
  let behaviour: Behaviour = 'wav';
  let bodies: Array<{ auth: string | undefined; body: Record<string, unknown> }> = [];
  let service: FakeService;
  const tone = new Float32Array(22_050).map((_, i) => 0.5 * Math.sin((2 * Math.PI * 220 * i) / 22_050));
  let mp3: Buffer;
  const melody = writeMelody(SHORT.en_US, { ...genreFeel('pop'), seed: 4, lang: 'en_US' });

  beforeAll(async () => {
    mp3 = installed ? await encodeMp3(tone, 22_050, {}) : Buffer.alloc(0);
    service = await startFakeService((req, raw, res) => {
      bodies.push({ auth: req.headers.authorization, body: JSON.parse(raw) });
      if (behaviour === 'wav') return res.writeHead(200, { 'content-type': 'audio/wav' }).end(encodeWav(tone, 22_050));
      if (behaviour === 'mp3') return res.writeHead(200, { 'content-type': 'audio/mpeg' }).end(mp3);
      if (behaviour === 'broken') return res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":{"message":"GPU out of memory"}}');
      if (behaviour === 'not-audio') return res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"queued"}');
      res.writeHead(200, { 'content-type': 'audio/wav' });
      res.write(encodeWav(tone, 22_050).subarray(0, 100));
    });
  });
  afterAll(() => service.close());
  beforeEach(() => {
    behaviour = 'wav';
    bodies = [];
  });

  it('posts lyrics, notes, tempo, language and voice, and returns the WAV it answers', async () => {
    const singer = httpSinger({ url: `${service.url}/sing`, apiKey: 'sk-1' });
    const { audio, engine } = await singer.sing({ melody, voice: voice('en-us+f3'), lang: 'en_US' });
    expect(engine).toBe(HTTP_SINGER_ENGINE);
    expect(decodeWav(audio).samples.length).toBe(22_050);
    const { auth, body } = bodies[0];
    expect(auth).toBe('Bearer sk-1');
    expect(body.lyrics).toEqual(melody.lines.map((l) => l.text));
    expect(body.notes).toEqual(melody.notes.map(({ start, seconds, midi, text }) => ({ start, seconds, midi, text })));
    expect(body).toMatchObject({ bpm: melody.bpm, language: 'en_US', voice: { id: 'v1', name: 'nova', pitch: 0 } });
  });

  it.skipIf(!installed)('decodes an MP3 answer to WAV', async () => {
    behaviour = 'mp3';
    const { audio } = await httpSinger({ url: service.url }).sing({ melody, voice: voice('en-us+m3'), lang: 'en_US' });
    const decoded = decodeWav(audio);
    expect(decoded.samples.length / decoded.sampleRate).toBeGreaterThan(0.95);
    expect(bodies[0].auth).toBeUndefined();
  });

  it('says why on a 500 and on an answer without audio', async () => {
    behaviour = 'broken';
    await expect(httpSinger({ url: service.url }).sing({ melody, voice: voice('en-us+f3'), lang: 'en_US' })).rejects.toThrow('the singing service failed (500): GPU out of memory');
    behaviour = 'not-audio';
    await expect(httpSinger({ url: service.url }).sing({ melody, voice: voice('en-us+f3'), lang: 'en_US' })).rejects.toThrow(/without audio: \{"status":"queued"\}/);
  });

  it('stops waiting when aborted, and gives up after its timeout', async () => {
    behaviour = 'hang';
    const controller = new AbortController();
    const pending = httpSinger({ url: service.url }).sing({ melody, voice: voice('en-us+f3'), lang: 'en_US' }, controller.signal);
    setTimeout(() => controller.abort(new Error('stopped')), 50);
    await expect(pending).rejects.toThrow('stopped');
    await expect(httpSinger({ url: service.url, timeoutMs: 100 }).sing({ melody, voice: voice('en-us+f3'), lang: 'en_US' })).rejects.toThrow('the singing service did not answer within 100 ms');
  });

  it('is chosen when a URL is set, the offline singer otherwise', () => {
    expect(createSinger({ url: service.url }).engine).toBe(HTTP_SINGER_ENGINE);
    expect(createSinger({}).engine).toBe(OFFLINE_SINGER_ENGINE);
  });
});
