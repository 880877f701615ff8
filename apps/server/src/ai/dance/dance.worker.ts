import { parentPort, workerData } from 'node:worker_threads';
import { analyzeBeats } from './beats.ts';
import { choreograph } from './choreographer.ts';
import { type SongPcm, songSamples } from './song-samples.ts';
import { writeVrma } from './vrma.ts';

// The offline engine's CPU work, on its own thread (started by dance-model.ts): decoding a
// WAV, the STFT and beat tracking, the choreography and the .vrma writing take seconds for a
// long song, which on the event loop would stall every request the server is answering.

export interface DanceJob {
  song: SongPcm;
  seed: string;
  generator: string;
}

export type DanceMessage = { progress: number; stage: string } | { done: { vrma: Uint8Array; bpm: number; beats: number } } | { failed: string };

const port = parentPort;
if (!port) throw new Error('dance.worker.ts runs as a worker thread');
const post = (message: DanceMessage) => port.postMessage(message);
const job = workerData as DanceJob;
try {
  const { samples, sampleRate } = songSamples(job.song);
  post({ progress: 0.3, stage: 'tracking beats' });
  const analysis = analyzeBeats(samples, sampleRate);
  post({ progress: 0.7, stage: 'choreographing' });
  const { motion } = choreograph(analysis, job.seed);
  const vrma = writeVrma(motion, job.generator);
  post({ done: { vrma, bpm: analysis.bpm, beats: analysis.beats.length } });
} catch (err) {
  post({ failed: err instanceof Error ? err.message : String(err) });
}
