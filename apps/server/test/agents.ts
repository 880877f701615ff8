import { calls } from '@starlit/contract';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { encodeWav } from '../src/ai/music/wav.ts';
import type { SpeechModel } from '../src/ai/speech/speech-model.ts';
import { buildUser, buildVoice } from './factories.ts';
import { startTestServer, type SignedIn, type TestServer } from './server.ts';

/**
 * A real speech engine for tests: it "speaks" a tone whose length follows the text and whose
 * pitch follows the settings, written as a WAV file. Counting calls lets tests see whether
 * an audition was made.
 */
export function toneSpeech(): SpeechModel & { calls: number; failing: boolean } {
  return {
    engine: 'Test tone engine',
    calls: 0,
    failing: false,
    async available() {
      return true;
    },
    async synthesize(text, voice) {
      this.calls++;
      if (this.failing) throw new Error('the engine broke');
      const rate = 16000;
      const samples = new Float32Array(Math.min(rate, 400 * Array.from(text).length));
      const hz = 220 * 2 ** (voice.settings.pitch / 12);
      for (let i = 0; i < samples.length; i++) samples[i] = 0.3 * voice.settings.volume * Math.sin((2 * Math.PI * hz * i) / rate);
      return { audio: encodeWav(samples, rate), contentType: 'audio/wav', engine: this.engine };
    },
  };
}

export interface AgentsWorld {
  t: TestServer;
  speech: ReturnType<typeof toneSpeech>;
  owner: SignedIn;
  other: SignedIn;
  /** Ids of official voices. */
  official: string[];
  /** A finished cloned voice of `owner`, and one of `other`. */
  ownClone: string;
  otherClone: string;
  close(): Promise<void>;
}

/** A test server with a tone speech engine, a media folder of its own, two users and some voices. */
export async function agentsWorld(): Promise<AgentsWorld> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'starlit-agents-'));
  const speech = toneSpeech();
  const t = await startTestServer({ DATA_DIR: dataDir }, { speech });
  const [owner, other] = [await buildUser(t), await buildUser(t)];
  const official = [];
  for (const name of ['Atlas', 'Felix', 'Luna', 'Iris', 'Xing']) official.push((await buildVoice(t, { name, gender: 'Male' })).id);
  const ownClone = (await buildVoice(t, { name: 'Mine', owner })).id;
  const otherClone = (await buildVoice(t, { name: 'Theirs', owner: other })).id;
  return {
    t,
    speech,
    owner,
    other,
    official,
    ownClone,
    otherClone,
    async close() {
      await t.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Fills in everything publishing needs except the audition. */
export async function completeAgent(w: AgentsWorld, id: string): Promise<void> {
  const as = w.owner;
  await Promise.all([
    w.t.ok(calls.agents.update, { id, roleSetting: 'You are Luna, a stargazer.', opening: 'Hello, night traveller.', roleIntro: 'A gentle stargazer.', isPublic: true }, { as }),
    w.t.ok(calls.agents.setSkills, { id, skills: ['TextToImage'] }, { as }),
    w.t.ok(calls.agents.setVoices, { id, voices: [{ voiceId: w.official[0], pitch: 2, volume: 1, speed: 1.25 }] }, { as }),
  ]);
  await w.t.starlit.services.agents.setAvatar(id, w.owner.userId, { kind: '2d', image: '/media/agents/luna.webp', style: 'anime' });
}
