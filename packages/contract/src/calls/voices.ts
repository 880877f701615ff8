import { z } from 'zod';
import { defineCall, PageInput, pageOf } from '../call.ts';
import { IdempotencyKey } from './ledger.ts';

/** Rules for an uploaded voice clip (SPEC §5 Voice, §9): length, sampling rate, size. */
export const VOICE_CLIP_LIMITS = {
  minSeconds: 3,
  maxSeconds: 8,
  /** The sampling rate must be strictly above this. */
  minSampleRateExclusive: 16_000,
  /** Largest clip accepted, in bytes (5 MB: 8 s of 48 kHz stereo 24-bit WAV fits twice over). */
  maxBytes: 5 * 1024 * 1024,
} as const;

/** Most cloned voices one user keeps at once (SPEC allows one per agent; this bounds storage). */
export const MAX_CLONED_VOICES_PER_USER = 3;

/** Longest text the preview call speaks. */
export const VOICE_PREVIEW_MAX_CHARS = 200;

/** Voice picker tabs (SPEC §2). */
export const VoiceTab = z.enum(['recommend', 'male', 'female', 'my']);

/** Where a cloned voice is: being made, ready, or failed with a reason (official ones are done). */
export const VoiceStatus = z.enum(['creating', 'done', 'failed']);

/** A voice of the picker: official or the user's own clone. */
export const Voice = z.object({
  id: z.string(),
  name: z.string(),
  gender: z.enum(['Male', 'Female']),
  language: z.string(),
  kind: z.enum(['official', 'cloned']),
  /** Bought by the viewer (premium voices are bought once); own clones count as purchased. */
  purchased: z.boolean(),
  /** 0 for a free voice; a premium official voice costs this many diamonds once. */
  priceDiamonds: z.number().int(),
  /** URL of a short spoken sample, when one was made. */
  sample: z.string().nullable(),
  /** The speech engine that speaks this voice, as people read it. */
  engine: z.string(),
  /** For clones: the cloning engine that made it. */
  clonedBy: z.string().nullable(),
  status: VoiceStatus,
  failureReason: z.string().nullable(),
  createdAt: z.string(),
});

const VoiceId = z.object({ id: z.string().uuid() });

/** Slider values already mapped by the SPEC §9 rules (see rules/sliders.ts). */
export const VoiceSettingsInput = z.object({
  pitch: z.number().int().min(-12).max(12).default(0),
  volume: z.number().min(0.5).max(2).default(1),
  speed: z.number().min(0.5).max(2).default(1),
});

export const voiceCalls = {
  list: defineCall({
    path: '/ai/api/v1/voice/list',
    summary: 'Voices of a picker tab: recommend, male, female (official and own), my (own clones, login required)',
    tag: 'voices',
    access: 'public',
    input: PageInput.extend({ tab: VoiceTab.default('recommend') }),
    output: pageOf(Voice),
  }),
  detail: defineCall({
    path: '/ai/api/v1/voice/detail',
    summary: 'One voice; clones only for their owner (poll it while a clone is creating)',
    tag: 'voices',
    access: 'public',
    input: VoiceId,
    output: Voice,
  }),
  clone: defineCall({
    path: '/ai/api/v1/voice/clone',
    summary: 'Upload a 3–8 s clip (base64, above 16 kHz, at most 5 MB) to clone a voice; answers it in state creating',
    tag: 'voices',
    access: 'user',
    input: z.object({
      name: z.string().trim().min(1).max(20),
      gender: z.enum(['Male', 'Female']),
      language: z.enum(['en', 'zh']).default('en'),
      /** The clip's bytes in base64; its type is read from its content, not a name. */
      audio: z
        .string()
        .min(1)
        .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'must be base64'),
    }),
    output: Voice,
  }),
  remove: defineCall({
    path: '/ai/api/v1/voice/delete',
    summary: 'Delete an own cloned voice (owner only)',
    tag: 'voices',
    access: 'user',
    input: VoiceId,
    output: z.object({ deleted: z.boolean() }),
  }),
  buy: defineCall({
    path: '/api/v1/voice/buy',
    summary: 'Buy a premium official voice once with diamonds; your agents may then speak with it',
    tag: 'voices',
    access: 'user',
    input: z.object({
      voiceId: z.string().uuid(),
      key: IdempotencyKey,
      /** The price the buyer was shown; sent, it must still hold (8258), as an admin may have changed it. */
      priceDiamonds: z.number().int().min(0).optional(),
    }),
    output: z.object({ voice: Voice, replayed: z.boolean() }),
  }),
  preview: defineCall({
    path: '/ai/api/v1/voice/preview',
    summary: 'Speak a short sample sentence with a voice and slider settings; answers the audio URL',
    tag: 'voices',
    access: 'user',
    input: VoiceSettingsInput.extend({ voiceId: z.string().uuid(), text: z.string().trim().min(1).max(VOICE_PREVIEW_MAX_CHARS).optional() }),
    output: z.object({ url: z.string(), engine: z.string(), contentType: z.string() }),
  }),
};
