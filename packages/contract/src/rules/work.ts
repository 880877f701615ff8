import { z } from 'zod';
import type { MessageKey } from '../i18n/messages.ts';
import { LIMITS } from './constants.ts';
import { displayWidth } from './display-width.ts';

const byWidth = (max: number, required: MessageKey, tooLong: MessageKey) =>
  z
    .string({ message: required })
    .trim()
    .min(1, { message: required })
    .refine((v) => displayWidth(v) <= max, { message: tooLong });

/** A work's name: required, at most 20 by display width (SPEC §5, §9). Works and the studio's publishing share it. */
export const WorkName = byWidth(LIMITS.workName, 'work.nameRequired', 'work.nameTooLong');
/** The name shown as publisher: required on edit (SPEC §5), as wide as a name. */
export const PublisherName = byWidth(LIMITS.workName, 'work.publisherRequired', 'work.publisherTooLong');
