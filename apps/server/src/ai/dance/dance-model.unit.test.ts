import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { encodeWithFfmpeg, hasFfmpeg } from '../../../test/voice-clips.ts';
import { composeArpeggio } from '../music/composer.ts';
import { encodeWav } from '../music/wav.ts';
import { type DanceResult, OFFLINE_DANCE_ENGINE, offlineDanceModel } from './dance-model.ts';
import { readSong } from './song.ts';
import { MAX_SONG_SECONDS, songSamples } from './song-samples.ts';

describe('offline dance model', () => {
  it('turns a WAV song into a VRM Animation at its tempo, reporting stages', async () => {
    const samples = composeArpeggio({ seed: 'x', seconds: 12, sampleRate: 22_050, bpm: 120, tonic: 57, mode: 'major', timbre: 'pluck' });
    const stages: string[] = [];
    const result = await offlineDanceModel().dance(
      { audio: encodeWav(samples, 22_050), contentType: 'audio/wav', character: { name: 'Mika', vrm: null }, seed: 'x' },
      { onProgress: (_, stage) => stages.push(stage) },
    );
    expect(result.engine).toBe(OFFLINE_DANCE_ENGINE);
    expect(result.bpm).toBeCloseTo(120, 0);
    expect(result.vrma.toString('latin1', 0, 4)).toBe('glTF');
    expect(stages).toEqual(['decoding', 'tracking beats', 'choreographing', 'done']);
  });

  it.skipIf(!hasFfmpeg)('decodes an MP3 song through ffmpeg (needs ffmpeg)', async () => {
    const samples = composeArpeggio({ seed: 'y', seconds: 12, sampleRate: 22_050, bpm: 100, tonic: 57, mode: 'minor', timbre: 'bell' });
    const mp3 = encodeWithFfmpeg(encodeWav(samples, 22_050), 'mp3');
    const result = await offlineDanceModel().dance({ audio: mp3, contentType: 'audio/mpeg', character: { name: 'Mika', vrm: null }, seed: 'y' });
    expect(result.bpm).toBeCloseTo(100, 0);
    await expect(offlineDanceModel().dance({ audio: Buffer.from('not audio at all'), contentType: 'audio/mpeg', character: { name: 'Mika', vrm: null }, seed: 'y' })).rejects.toThrow(
      /ffmpeg could not decode/,
    );
  });

  it('decodes only the first ten minutes of a longer WAV, as ffmpeg does for other types', async () => {
    const rate = 8000;
    const long = new Float32Array((MAX_SONG_SECONDS + 10) * rate).map((_, i) => 0.5 * Math.sin(i / 3));
    const { samples, sampleRate } = songSamples(await readSong(encodeWav(long, rate)));
    expect(sampleRate).toBe(rate);
    expect(samples.length).toBe(MAX_SONG_SECONDS * rate);
    const short = songSamples(await readSong(encodeWav(long.subarray(0, 30 * rate), rate)));
    expect(short.samples.length).toBe(30 * rate);
  });

  describe('on a worker thread', () => {
    const song = encodeWav(composeArpeggio({ seed: 'long', seconds: 180, sampleRate: 22_050, bpm: 120, tonic: 57, mode: 'major', timbre: 'pluck' }), 22_050);
    const request = { audio: song, contentType: 'audio/wav', character: { name: 'Mika', vrm: null }, seed: 'long' };

    /**
     * Pings the event loop every 5 ms while `work` runs and answers how long it was held between
     * two pings: the loop's active time (performance.eventLoopUtilization), which unlike the
     * wall-clock delay does not count time the OS gave other processes on a loaded machine,
     * and the wall-clock delay as well.
     */
    async function stalls(work: () => Promise<unknown>): Promise<{ active: number; delay: number }> {
      let mark = performance.eventLoopUtilization();
      let last = performance.now();
      const longest = { active: 0, delay: 0 };
      const measure = () => {
        const now = performance.now();
        longest.active = Math.max(longest.active, performance.eventLoopUtilization(mark).active);
        longest.delay = Math.max(longest.delay, now - last - 5);
        mark = performance.eventLoopUtilization();
        last = now;
      };
      const ping = setInterval(measure, 5);
      try {
        await work();
      } finally {
        clearInterval(ping);
        // the stretch since the last ping counts too, or work that never yields would go unseen
        measure();
      }
      return longest;
    }

    it('keeps the event loop answering while a 3-minute song is analysed', { timeout: 30_000 }, async () => {
      let result: DanceResult | undefined;
      const held = await stalls(async () => {
        result = await offlineDanceModel().dance(request);
      });
      expect(result?.bpm).toBeCloseTo(120, 0);
      expect(result?.beats).toBeGreaterThan(300);
      // the same work on the event loop holds it for about two seconds in one go
      expect(held.active, `held ${held.active.toFixed(0)} ms (wall clock ${held.delay.toFixed(0)} ms)`).toBeLessThan(100);
      expect(held.delay).toBeLessThan(1000);
    });

    it('stops the analysis at once when the signal aborts', { timeout: 30_000 }, async () => {
      const controller = new AbortController();
      let abortedAt = 0;
      const running = offlineDanceModel().dance(request, {
        signal: controller.signal,
        onProgress: (_, stage) => {
          if (stage !== 'tracking beats') return;
          abortedAt = performance.now();
          controller.abort(new Error('user cancelled'));
        },
      });
      await expect(running).rejects.toThrow(/user cancelled/);
      expect(performance.now() - abortedAt).toBeLessThan(50);
      // the thread is gone, not finishing the song in the background: the process stays idle
      await new Promise((resolve) => setTimeout(resolve, 100));
      const before = process.cpuUsage();
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const used = process.cpuUsage(before);
      expect((used.user + used.system) / 1000).toBeLessThan(200);
    });

    it('passes a decoding failure of the thread on', async () => {
      const broken = Buffer.from(song.subarray(0, 44));
      broken.writeUInt16LE(7, 20);
      await expect(offlineDanceModel().dance({ ...request, audio: broken })).rejects.toThrow(/unsupported WAV sample format/);
    });
  });
});
