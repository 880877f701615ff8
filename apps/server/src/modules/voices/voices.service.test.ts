import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabase } from '../../../test/server.ts';
import { voiceWav } from '../../../test/voice-clips.ts';
import { createSpeechModel, type SpeechModel } from '../../ai/speech/index.ts';
import { offlineVoiceCloner } from '../../ai/voice/offline-cloner.ts';
import type { Database } from '../../db/client.ts';
import { jobs, users, voices } from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth.ts';
import type { AppError } from '../../platform/errors.ts';
import { localStorage } from '../../platform/storage.ts';
import { jobSystem } from '../../jobs/job-system.ts';
import { ledgerService } from '../ledger/ledger.service.ts';
import { VOICE_CLONE_JOB, voiceCloneJob } from './voices.jobs.ts';
import { voicesRepository } from './voices.repository.ts';
import { voicesService } from './voices.service.ts';

let db: Awaited<ReturnType<typeof testDatabase>>;
let database: Database;
let mediaDir: string;
let userId: string;
let officialId: string;
const log = Fastify({ logger: false }).log;

const service = (speech: SpeechModel, enqueueClone: (voiceId: string) => Promise<unknown> = async () => undefined) =>
  voicesService({
    voices: voicesRepository(database.db),
    storage: localStorage(mediaDir),
    speech,
    cloner: offlineVoiceCloner(),
    log,
    voiceInUse: async () => false,
    ledger: ledgerService({ db: database.db }),
    enqueueClone,
  });
const user = (): AuthUser => ({ id: userId, role: 'user', userName: 'voice-owner', sessionId: 's', joinedAt: new Date() });
const codeOf = async (promise: Promise<unknown>) => ((await promise.catch((e: unknown) => e)) as AppError).code;

beforeAll(async () => {
  db = await testDatabase();
  database = db.database;
  mediaDir = await fs.mkdtemp(path.join(os.tmpdir(), 'starlit-voice-svc-'));
  [{ id: userId }] = await database.db.insert(users).values({ userName: 'voice-owner' }).returning({ id: users.id });
  [{ id: officialId }] = await database.db
    .insert(voices)
    .values({ name: 'Atlas', gender: 'Male', language: 'en', isOfficial: true, engineParams: { engine: 'espeak-ng', voice: 'en-us+m3', pitch: 38, speed: 160 } })
    .returning({ id: voices.id });
});
afterAll(async () => {
  await db?.drop();
  await fs.rm(mediaDir, { recursive: true, force: true });
});

describe('preview when speech fails', () => {
  it('says plainly that no speech engine is available when eSpeak is missing and no provider is set', async () => {
    const missing: SpeechModel = { engine: 'eSpeak NG (offline)', available: async () => false, synthesize: async () => Promise.reject(new Error('unused')) };
    const speech = createSpeechModel({ speech: null }, { espeak: missing });
    expect(await codeOf(service(speech).preview(user(), { voiceId: officialId, pitch: 0, volume: 1, speed: 1 }))).toBe(6110);
  });

  it('answers "Voice generation failed" when the engine breaks', async () => {
    const broken: SpeechModel = { engine: 'broken', available: async () => true, synthesize: async () => Promise.reject(new Error('engine crashed')) };
    expect(await codeOf(service(broken).preview(user(), { voiceId: officialId, pitch: 0, volume: 1, speed: 1 }))).toBe(6109);
  });
});

describe('clones across a restart', () => {
  it('finishes a clone left creating from its stored clip, and fails one whose clip is gone', async () => {
    const storage = localStorage(mediaDir);
    await storage.put('voices/clips/left.wav', voiceWav({ seconds: 4, sampleRate: 22_050, pitchHz: 230 }), 'audio/wav');
    const [left] = await database.db.insert(voices).values({ name: 'Left', gender: 'Female', language: 'en', ownerId: userId, status: 'creating', clipKey: 'voices/clips/left.wav' }).returning();
    const [lost] = await database.db.insert(voices).values({ name: 'Lost', gender: 'Female', language: 'en', ownerId: userId, status: 'creating', clipKey: 'voices/clips/gone.wav' }).returning();
    const speech: SpeechModel = { engine: 'none', available: async () => false, synthesize: async () => Promise.reject(new Error('unused')) };
    const cloneJobs = jobSystem(database.db, [voiceCloneJob], { defaultRetry: { attempts: 1, backoffMs: 0 }, retentionMs: 60_000, singleProcess: false, pollMs: 20 });
    const restarted = service(speech, (voiceId) => cloneJobs.enqueue(database.db, VOICE_CLONE_JOB, { voiceId }));
    cloneJobs.provide(VOICE_CLONE_JOB, restarted.cloning);
    expect(await restarted.resumeClones()).toBe(2);
    // a second resume (another instance starting) adds no second job for the same voice
    expect(await restarted.resumeClones()).toBe(2);
    expect((await database.db.select().from(jobs).where(eq(jobs.kind, VOICE_CLONE_JOB))).length).toBe(2);
    await cloneJobs.start();
    try {
      for (let i = 0; i < 200 && (await database.db.select().from(voices).where(eq(voices.status, 'creating'))).length > 0; i++) await new Promise((r) => setTimeout(r, 25));
    } finally {
      await cloneJobs.stop();
    }
    const [done] = await database.db.select().from(voices).where(eq(voices.id, left.id));
    expect(done).toMatchObject({ status: 'done', engineParams: { engine: 'espeak-ng', voice: 'en-us+f3' }, sample: null });
    const [failed] = await database.db.select().from(voices).where(eq(voices.id, lost.id));
    expect(failed).toMatchObject({ status: 'failed', failureReason: 'VOICE_CLONE_CLIP_LOST' });
  });
});
