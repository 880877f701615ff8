import { ErrorCode, errorMessage, type Language, type Voice } from '@starlit/contract';
import type { z } from 'zod';
import type { VoiceEngineParams } from '../../db/schema/index.ts';
import type { VoiceRow } from './voices.repository.ts';

/** Names of the engines that speak each kind of voice, as the server is configured. */
export type EngineNames = Record<VoiceEngineParams['engine'], string>;

function reason(key: string | null, lang: Language): string | null {
  if (!key) return null;
  const code = key in ErrorCode ? ErrorCode[key as keyof typeof ErrorCode] : ErrorCode.VOICE_CLONE_ENGINE_FAILED;
  return errorMessage(code, lang);
}

/** A voice as `purchased` says the viewer has it (own clones and bought premium voices). */
export function presentVoice(row: VoiceRow, engines: EngineNames, lang: Language, purchased: Set<string>): z.input<typeof Voice> {
  return {
    id: row.id,
    name: row.name,
    gender: row.gender,
    language: row.language,
    kind: row.isOfficial ? 'official' : 'cloned',
    purchased: purchased.has(row.id),
    priceDiamonds: row.priceDiamonds,
    sample: row.sample,
    engine: row.engineParams ? engines[row.engineParams.engine] : (row.clonedBy ?? ''),
    clonedBy: row.clonedBy,
    status: row.status,
    failureReason: reason(row.failureReason, lang),
    createdAt: row.createdAt.toISOString(),
  };
}
