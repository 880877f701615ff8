import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { ErrorCode, MAX_CLONED_VOICES_PER_USER, type ErrorCodeValue } from '@starlit/contract';
import type { FastifyBaseLogger } from 'fastify';
import { NoSpeechEngineError, type SpeechModel, type VoiceSettings } from '../../ai/speech/index.ts';
import { AUDIO_EXTENSIONS, ClipRefused, probeClip, type ClipProblem } from '../../ai/voice/audio-probe.ts';
import type { VoiceCloner } from '../../ai/voice/voice-cloner.ts';
import type { VoiceEngineParams } from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';
import { decodeCursor, toPage } from '../../platform/pagination.ts';
import { contentTypeOf, type Storage } from '../../platform/storage.ts';
import { fingerprintOf, type LedgerService } from '../ledger/ledger.service.ts';
import { cloneWork } from './voices.jobs.ts';
import { authorizeVoice } from './voices.policy.ts';
import { VOICE_CLIPS_FOLDER, VOICE_SPEECH_FOLDER, voicesRepository, type VoiceFilter, type VoiceRow, type VoicesRepository } from './voices.repository.ts';

/** The sentence a voice sample and a preview speak, by the voice's language. */
export const SAMPLE_TEXT: Record<string, string> = {
  en: 'Hello, I am glad to meet you. Shall we talk for a while under the stars?',
  zh: '你好，很高興認識你。我們在星空下聊一會兒吧。',
};

const NEUTRAL: VoiceSettings = { pitch: 0, volume: 1, speed: 1 };
const SPEAK_TIMEOUT_MS = 30_000;

const CLIP_ERRORS: Record<ClipProblem, ErrorCodeValue> = {
  'too-large': ErrorCode.VOICE_CLIP_TOO_LARGE,
  type: ErrorCode.VOICE_CLIP_TYPE,
  unreadable: ErrorCode.VOICE_CLIP_UNREADABLE,
  'too-short': ErrorCode.VOICE_CLIP_TOO_SHORT,
  'too-long': ErrorCode.VOICE_CLIP_TOO_LONG,
  'sample-rate': ErrorCode.VOICE_CLIP_SAMPLE_RATE,
};

export interface CloneInput {
  name: string;
  gender: 'Male' | 'Female';
  language: string;
  audio: Buffer;
}

export function voicesService(deps: {
  voices: VoicesRepository;
  storage: Storage;
  speech: SpeechModel;
  cloner: VoiceCloner;
  log: FastifyBaseLogger;
  voiceInUse: (voiceId: string) => Promise<boolean>;
  ledger: Pick<LedgerService, 'run'>;
  /** Queues the clone job of a voice (voices.jobs.ts); a live one for it is kept. */
  enqueueClone: (voiceId: string) => Promise<unknown>;
}) {
  const { voices, storage, speech } = deps;
  const byTimeAndId = (row: VoiceRow) => ({ at: row.createdAt, id: row.id });

  /** Speaks `text` and stores it under a key derived from everything that shapes the sound. */
  async function speak(voiceId: string, engineParams: VoiceEngineParams, settings: VoiceSettings, text: string) {
    const hash = createHash('sha256')
      .update(JSON.stringify([speech.engine, engineParams, settings, text]))
      .digest('hex')
      .slice(0, 32);
    for (const ext of ['wav', 'mp3']) {
      const key = `${VOICE_SPEECH_FOLDER}${hash}.${ext}`;
      if (await storage.read(key)) return { url: storage.url(key), contentType: contentTypeOf(key) };
    }
    const out = await speech.synthesize(text, { voiceId, engineParams, settings }, AbortSignal.timeout(SPEAK_TIMEOUT_MS));
    const key = `${VOICE_SPEECH_FOLDER}${hash}.${out.contentType === 'audio/mpeg' ? 'mp3' : 'wav'}`;
    return { url: await storage.put(key, out.audio, out.contentType), contentType: out.contentType };
  }

  const cloning = cloneWork({
    voices,
    storage,
    cloner: deps.cloner,
    log: deps.log,
    async makeSample(row) {
      if (!(await speech.available())) return null;
      return (await speak(row.id, row.engineParams, NEUTRAL, SAMPLE_TEXT[row.language] ?? SAMPLE_TEXT.en)).url;
    },
  });

  /** A voice the user may see: official ones, and their own clones. */
  const visible = async (id: string, user: AuthUser | null): Promise<VoiceRow> => authorizeVoice(user?.id ?? null, 'see', await voices.byId(id));

  return {
    cloning,

    /** Queues again the clones a stop interrupted (or whose job was lost); answers how many were unfinished. */
    async resumeClones(): Promise<number> {
      const rows = await voices.creating();
      for (const row of rows) await deps.enqueueClone(row.id);
      return rows.length;
    },

    async list(tab: 'recommend' | 'male' | 'female' | 'my', user: AuthUser | null, cursor: string | undefined, limit: number) {
      let filter: VoiceFilter;
      if (tab === 'my') {
        if (!user) throw new AppError(ErrorCode.UNAUTHORIZED, 401);
        filter = { kind: 'own', userId: user.id };
      } else if (tab === 'recommend') filter = { kind: 'official' };
      else filter = { kind: 'gender', gender: tab === 'male' ? 'Male' : 'Female', userId: user?.id ?? null };
      return toPage(await voices.list(filter, decodeCursor(cursor), limit), limit, byTimeAndId);
    },

    detail: visible,

    /** Admins (the economy console): the official voices with their prices. */
    officials: () => voices.officials(),

    /**
     * Admins: an official voice's price for purchases from now on (0 makes it free). People who
     * bought it keep it, and agents speaking with a voice keep it whatever its price becomes.
     */
    setOfficialPrice: (id: string, priceDiamonds: number) => voices.setOfficialPrice(id, priceDiamonds),

    /** Whether each voice is the user's: own clones, and premium voices they bought (SPEC §4: purchased or not). */
    async purchased(userId: string | null, rows: VoiceRow[]): Promise<Set<string>> {
      const bought = await voices.purchasedOf(
        userId,
        rows.filter((r) => r.isOfficial).map((r) => r.id),
      );
      for (const row of rows) if (!row.isOfficial && row.ownerId === userId) bought.add(row.id);
      return bought;
    },

    /**
     * Buys a premium official voice once (docs/economy.md, Voices): its price in diamonds to the
     * store, under the caller's key. Free voices and clones are not for sale; a voice owned
     * already is refused and charges nothing, and so is a price other than the one shown.
     */
    async buy(user: AuthUser, voiceId: string, key: string, shownPrice?: number) {
      const { replayed } = await deps.ledger.run(user.id, key, fingerprintOf('voice.buy', { voiceId }), async (books) => {
        const repo = voicesRepository(books.tx);
        const voice = authorizeVoice(user.id, 'see', await repo.byId(voiceId));
        if (!voice.isOfficial || voice.priceDiamonds === 0) throw new AppError(ErrorCode.VOICE_NOT_FOR_SALE);
        // the buyer agreed to the price shown; an admin may have changed it since
        if (shownPrice !== undefined && shownPrice !== voice.priceDiamonds) throw new AppError(ErrorCode.PRICE_CHANGED);
        if (!(await repo.recordPurchase(user.id, voice.id, voice.priceDiamonds))) throw new AppError(ErrorCode.VOICE_ALREADY_PURCHASED);
        await books.move({
          from: { user: user.id },
          to: { system: 'store_revenue' },
          currency: 'JE',
          amount: voice.priceDiamonds,
          kind: 'voice_purchase',
          memo: { voiceId: voice.id, name: voice.name },
        });
        return { voiceId: voice.id };
      });
      return { voice: await visible(voiceId, user), replayed };
    },

    /**
     * Checks a clip against every rule (creating nothing when one fails), stores it, records
     * the voice as 'creating' and starts the clone; the caller polls `detail` for the result.
     */
    async clone(user: AuthUser, input: CloneInput): Promise<VoiceRow> {
      const probed = await probeClip(input.audio).catch((err: unknown) => {
        throw err instanceof ClipRefused ? new AppError(CLIP_ERRORS[err.problem]) : err;
      });
      const id = randomUUID();
      // a name unrelated to the voice id, which other people may see: the clip is a person's own voice
      const clipKey = `${VOICE_CLIPS_FOLDER}${randomBytes(16).toString('hex')}.${AUDIO_EXTENSIONS[probed.contentType]}`;
      const row = await voices.insertClone(
        { id, ownerId: user.id, name: input.name, gender: input.gender, language: input.language, isOfficial: false, status: 'creating', clonedBy: deps.cloner.engine, clipKey },
        MAX_CLONED_VOICES_PER_USER,
      );
      if (!row) throw new AppError(ErrorCode.VOICE_CLONE_LIMIT);
      try {
        await storage.put(clipKey, input.audio, contentTypeOf(clipKey));
      } catch (err) {
        await voices.remove(id);
        throw err;
      }
      await deps.enqueueClone(row.id);
      return row;
    },

    async remove(user: AuthUser, id: string): Promise<void> {
      const row = authorizeVoice(user.id, 'delete', await voices.byId(id));
      // deleting it would silently take the voice (and the audition) from a published agent
      if (await deps.voiceInUse(id)) throw new AppError(ErrorCode.VOICE_IN_USE);
      await voices.remove(id);
      // the clip and the sample are the person's voice: they go with the row, not at the next
      // sweep. Samples are stored by what shapes the sound, so another voice may share one.
      if (row.clipKey) await storage.delete(row.clipKey);
      const sampleKey = row.sample ? storage.keyOf(row.sample) : null;
      if (row.sample && sampleKey && (await voices.referencedSamples([row.sample])).size === 0) await storage.delete(sampleKey);
    },

    /** Speaks a sample sentence with a voice and slider settings (SPEC §4 voice generation). */
    async preview(user: AuthUser, input: { voiceId: string; text?: string } & VoiceSettings) {
      const row = await visible(input.voiceId, user);
      if (row.status !== 'done' || !row.engineParams) throw new AppError(ErrorCode.VOICE_NOT_READY);
      const settings = { pitch: input.pitch, volume: input.volume, speed: input.speed };
      try {
        const out = await speak(row.id, row.engineParams, settings, input.text ?? SAMPLE_TEXT[row.language] ?? SAMPLE_TEXT.en);
        return { ...out, engine: speech.engine };
      } catch (err) {
        if (err instanceof NoSpeechEngineError) throw new AppError(ErrorCode.NO_SPEECH_ENGINE);
        deps.log.warn({ err, voiceId: row.id }, 'voice preview failed');
        throw new AppError(ErrorCode.VOICE_GENERATION_FAILED);
      }
    },
  };
}

export type VoicesService = ReturnType<typeof voicesService>;
