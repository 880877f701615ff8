import { ErrorCode } from '@starlit/contract';
import { AppError, forbidden } from '../../platform/errors.ts';
import type { VoiceRow } from './voices.repository.ts';

/**
 * Who may see and change a voice. Official voices are everyone's; a clone is its owner's
 * alone (it is a person's own voice), so to anyone else reading it, it does not exist. Only
 * the owner may delete a clone: anyone else, and anyone deleting an official voice, gets 403.
 */
export type VoiceAction = 'see' | 'use' | 'delete';

type VoiceFacts = Pick<VoiceRow, 'isOfficial' | 'ownerId' | 'status'>;

/** Whether `userId` may do `action` with the voice; `use` also needs a finished voice. */
export function mayVoice(userId: string | null, action: VoiceAction, voice: VoiceFacts): boolean {
  const own = voice.ownerId !== null && voice.ownerId === userId;
  if (action === 'delete') return own && !voice.isOfficial;
  const visible = voice.isOfficial || own;
  return action === 'see' ? visible : visible && voice.status === 'done';
}

/** The voice if `userId` may do `action` with it; throws the answer otherwise. */
export function authorizeVoice<T extends VoiceFacts>(userId: string | null, action: Exclude<VoiceAction, 'use'>, voice: T | null | undefined): T {
  if (!voice || (action === 'see' && !mayVoice(userId, 'see', voice))) throw new AppError(ErrorCode.VOICE_NOT_FOUND);
  if (!mayVoice(userId, action, voice)) throw forbidden();
  return voice;
}
