import { z } from 'zod';
import { defineCall } from '../call.ts';
import type { MessageKey } from '../i18n/messages.ts';

/** Card formats an agent can be exported as (docs/cards.md). */
export const CardFormat = z.enum(['png', 'json', 'json_v2', 'charx']);
export type CardFormat = z.infer<typeof CardFormat>;

/** Biggest card file accepted, in bytes of the file (base64 is a third larger). */
export const CARD_MAX_BYTES = 10 * 1024 * 1024;

/** A rule of SPEC §5 the imported card breaks, for the editor to show next to its field. */
export const CardProblem = z.object({
  field: z.enum(['nickname', 'roleSetting', 'opening', 'roleIntro', 'tags', 'voices', 'assets']),
  messageKey: z.string() as z.ZodType<MessageKey>,
});
export type CardProblem = z.infer<typeof CardProblem>;

export const agentCardCalls = {
  export: defineCall({
    path: '/ai/api/v1/agent/card/export',
    summary: 'Export your agent as a character card (PNG, V3 JSON, V2 JSON or CHARX) as base64',
    tag: 'agent-cards',
    access: 'user',
    input: z.object({ agentId: z.string().uuid(), format: CardFormat }),
    output: z.object({ fileName: z.string(), contentType: z.string(), base64: z.string() }),
  }),
  import: defineCall({
    path: '/ai/api/v1/agent/card/import',
    summary: 'Import a character card (PNG, JSON or CHARX, told apart by content) as a private draft agent',
    tag: 'agent-cards',
    access: 'user',
    input: z.object({
      base64: z.string().min(1).max(Math.ceil((CARD_MAX_BYTES * 4) / 3) + 4),
      fileName: z.string().max(255).optional(),
    }),
    output: z.object({
      agentId: z.string(),
      /** V1, V2 or V3: what the file held. */
      sourceSpec: z.enum(['v1', 'v2', 'v3']),
      /** Rules the draft breaks; the card's values are kept whole so nothing is lost. */
      problems: z.array(CardProblem),
    }),
  }),
};
