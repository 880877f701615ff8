import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { canRun, runProcess } from '../speech/run-process.ts';
import { decodeWav } from '../voice/pcm.ts';
import { encodeMp3 } from './encode.ts';
import { readWavInfo, withWavInfo } from './wav-info.ts';
import { encodeWav } from './wav.ts';

const hasFfmpeg = (await canRun('ffmpeg', ['-version'])) && (await canRun('ffprobe', ['-version']));
const RATE = 8000;
const samples = Float32Array.from({ length: RATE }, (_, i) => 0.4 * Math.sin((2 * Math.PI * 330 * i) / RATE));
const settings = JSON.stringify({ engine: 'Starlit algorithmic composer (offline)', bpm: 70, key: 'A minor', sections: ['intro', 'verse'] });
const tags = { title: '慢板悲傷鋼琴 slow sad piano at 70 bpm', comment: settings, genre: 'lofi', software: 'Starlit algorithmic composer (offline)' };

const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'starlit-wav-info-'));
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

/** What another program (ffprobe) reads as the file's tags, under its own names. */
async function ffprobeTags(bytes: Buffer, name: string): Promise<Record<string, string>> {
  const file = path.join(dir, name);
  await fs.writeFile(file, bytes);
  const out = await runProcess('ffprobe', ['-v', 'error', '-show_format', '-of', 'json', file], { timeoutMs: 10_000 });
  expect(out.code).toBe(0);
  return (JSON.parse(out.stdout.toString()) as { format: { tags?: Record<string, string> } }).format.tags ?? {};
}

/** A chunk of `id` holding `body`, padded to an even length. */
const chunk = (id: string, body: Buffer) => {
  const head = Buffer.alloc(8);
  head.write(id, 0, 'latin1');
  head.writeUInt32LE(body.length, 4);
  return Buffer.concat([head, body, Buffer.alloc(body.length % 2)]);
};

describe('WAV LIST/INFO tags', () => {
  it('puts the tags before the data, keeps the samples, and reads them back', () => {
    const plain = encodeWav(samples, RATE);
    const tagged = withWavInfo(plain, tags);
    expect(tagged.readUInt32LE(4)).toBe(tagged.length - 8);
    expect(tagged.toString('latin1', 36, 40)).toBe('LIST');
    expect(tagged.indexOf('data', 0, 'latin1')).toBeGreaterThan(tagged.indexOf('LIST', 0, 'latin1'));
    expect(readWavInfo(tagged)).toEqual(tags);
    expect(decodeWav(tagged)).toEqual(decodeWav(plain));
    expect(readWavInfo(plain)).toEqual({});
  });

  it('replaces an INFO list the file had, wherever it was, and keeps other chunks', () => {
    const plain = encodeWav(samples, RATE);
    const oldInfo = chunk('LIST', Buffer.concat([Buffer.from('INFO'), chunk('INAM', Buffer.from('old title\0')), chunk('IART', Buffer.from('someone\0'))]));
    const cue = chunk('cue ', Buffer.alloc(4));
    // a writer that appends its tags after the samples, plus a chunk of its own
    const withOld = Buffer.concat([plain, oldInfo, cue]);
    withOld.writeUInt32LE(withOld.length - 8, 4);
    const retagged = withWavInfo(withOld, { title: 'new title' });
    expect(readWavInfo(retagged)).toEqual({ title: 'new title' });
    expect(retagged.indexOf('old title')).toBe(-1);
    expect(retagged.subarray(-cue.length)).toEqual(cue);
    expect(decodeWav(retagged)).toEqual(decodeWav(plain));
    expect(withWavInfo(withOld, {}).length).toBe(plain.length + cue.length);
  });

  it('refuses what is not a WAV', () => {
    expect(() => withWavInfo(Buffer.from('ID3 not a wav at all'), tags)).toThrow(/RIFF/);
  });

  it.skipIf(!hasFfmpeg)('is read by ffprobe, as the MP3 made from it is', async () => {
    const wavTags = await ffprobeTags(withWavInfo(encodeWav(samples, RATE), tags), 'tagged.wav');
    expect(wavTags).toMatchObject({ title: tags.title, comment: settings, genre: 'lofi', encoder: tags.software });
    expect(JSON.parse(wavTags.comment!)).toMatchObject({ bpm: 70, sections: ['intro', 'verse'] });
    const mp3Tags = await ffprobeTags(await encodeMp3(samples, RATE, { title: tags.title, comment: settings, genre: 'lofi' }), 'tagged.mp3');
    expect(mp3Tags).toMatchObject({ title: tags.title, comment: settings, genre: 'lofi' });
  });
});
