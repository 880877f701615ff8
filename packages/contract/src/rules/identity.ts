import { z } from 'zod';
import type { MessageKey } from '../i18n/messages.ts';
import { characterCount } from './agent.ts';

/** Lengths of a chat identity's texts in characters (code points); names follow SPEC §9's 20. */
export const IDENTITY_LIMITS = { name: 20, background: 1000 } as const;

/** Name of a chat identity: required (SPEC §5), at most 20 characters. */
export const IdentityName = z
  .string({ message: 'identity.nameRequired' satisfies MessageKey })
  .trim()
  .min(1, { message: 'identity.nameRequired' satisfies MessageKey })
  .refine((value) => characterCount(value) <= IDENTITY_LIMITS.name, { message: 'identity.nameTooLong' satisfies MessageKey });

/** Gender of a chat identity: required (SPEC §5). */
export const IdentityGender = z.enum(['Unknown', 'Male', 'Female'], { message: 'identity.genderRequired' satisfies MessageKey });

/** Background text of a chat identity: optional, at most 1000 characters. */
export const IdentityBackground = z.string().refine((value) => characterCount(value) <= IDENTITY_LIMITS.background, { message: 'identity.backgroundTooLong' satisfies MessageKey });
