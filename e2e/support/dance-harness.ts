import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { build, preview, type PreviewServer } from 'vite';
import { offlineDanceModel } from '../../apps/server/src/ai/dance/dance-model.ts';
import { renderTempoTrack } from '../../apps/server/src/ai/music/song.ts';
import { encodeWav } from '../../apps/server/src/ai/music/wav.ts';
import { buildDefaultVrm } from '../../apps/server/src/modules/avatars/default-vrm.ts';
import { danceHarnessPort } from './ports';

// The dance player on a page of its own: no page of the app shows dances yet (works have no
// dance kind and the music2Dance studio is being built), so the spec builds e2e/harness with
// Vite, beside fixtures made by the server's own engines, and serves both. Nothing here is part
// of the app's build.

const harnessDir = path.join(import.meta.dirname, '..', 'harness');
const webPublic = path.join(import.meta.dirname, '..', '..', 'apps', 'web', 'public');

export const SONG_SECONDS = 180;
export const SONG_BPM = 120;

export interface DanceHarness {
  /** The page's address with the fixtures as the player's sources. */
  url(sources?: Partial<Record<'vrm' | 'vrma' | 'audio' | 'title', string>>): string;
  close(): Promise<void>;
}

/**
 * A 3-minute song at a known tempo from the composer, its dance from the offline engine (beat
 * tracking, choreographer, .vrma writer) and the built-in VRM model, as the app would store them.
 */
async function writeFixtures(folder: string) {
  const song = renderTempoTrack(SONG_BPM, SONG_SECONDS, 'dance-player');
  const wav = encodeWav(song.samples, song.sampleRate);
  const dance = await offlineDanceModel().dance({ audio: wav, contentType: 'audio/wav', character: { name: 'Starlit Basic', vrm: null }, seed: 'dance-player' });
  await fs.mkdir(folder, { recursive: true });
  await fs.writeFile(path.join(folder, 'song.wav'), wav);
  await fs.writeFile(path.join(folder, 'dance.vrma'), dance.vrma);
  await fs.writeFile(path.join(folder, 'starlit-basic.vrm'), buildDefaultVrm('Starlit Basic'));
}

/** Builds the test page and the fixtures into a temporary folder and serves them (with HTTP ranges, which seeking needs). */
export async function startDanceHarness(): Promise<DanceHarness> {
  const outDir = await fs.mkdtemp(path.join(os.tmpdir(), 'starlit-dance-harness-'));
  await build({
    configFile: false,
    root: harnessDir,
    publicDir: webPublic,
    logLevel: 'warn',
    plugins: [react(), tailwindcss()],
    build: { outDir, emptyOutDir: true, chunkSizeWarningLimit: 2000, rolldownOptions: { input: path.join(harnessDir, 'dance-player.html') } },
  });
  await writeFixtures(path.join(outDir, 'fixtures'));
  const server: PreviewServer = await preview({
    configFile: false,
    root: harnessDir,
    logLevel: 'warn',
    build: { outDir },
    preview: { host: '127.0.0.1', port: danceHarnessPort, strictPort: true },
  });
  return {
    url(sources = {}) {
      const params = new URLSearchParams({ vrm: '/fixtures/starlit-basic.vrm', vrma: '/fixtures/dance.vrma', audio: '/fixtures/song.wav', title: 'Starlit test song', ...sources });
      return `http://127.0.0.1:${danceHarnessPort}/dance-player.html?${params}`;
    },
    async close() {
      await server.close();
      await fs.rm(outDir, { recursive: true, force: true });
    },
  };
}
