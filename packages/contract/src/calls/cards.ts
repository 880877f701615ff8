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

/** Limits of the card texts the editor shows (docs/cards.md, "Editing what the card brought"). */
export const CARD_FIELD_LIMITS = { text: 20_000, greetings: 50, entries: 1000, keys: 50, key: 200 } as const;

const CardText = z.string().max(CARD_FIELD_LIMITS.text, { message: 'card.textTooLong' satisfies MessageKey });

/** A lorebook entry as the editor shows it; `index` is its place in the stored book (null for a new one), so its other fields are kept. */
export const LorebookEntry = z.object({
  index: z.number().int().min(0).nullable(),
  keys: z
    .array(
      z
        .string()
        .trim()
        .min(1, { message: 'card.keyInvalid' satisfies MessageKey })
        .max(CARD_FIELD_LIMITS.key, { message: 'card.keyInvalid' satisfies MessageKey }),
    )
    .max(CARD_FIELD_LIMITS.keys, { message: 'card.keysMax' satisfies MessageKey }),
  content: CardText,
  enabled: z.boolean(),
});

/** What a character card brought that Starlit keeps beside the agent: the chat prompt uses it, the editor shows it. */
export const CardFields = z.object({
  personality: CardText,
  scenario: CardText,
  alternateGreetings: z.array(CardText).max(CARD_FIELD_LIMITS.greetings, { message: 'card.greetingsMax' satisfies MessageKey }),
  lorebook: z.array(LorebookEntry).max(CARD_FIELD_LIMITS.entries, { message: 'card.entriesMax' satisfies MessageKey }),
});
export type CardFields = z.infer<typeof CardFields>;

export const cardCalls = {
  export: defineCall({
    path: '/ai/api/v1/agent/card/export',
    summary: 'Export your agent as a character card (PNG, V3 JSON, V2 JSON or CHARX) as base64',
    tag: 'cards',
    access: 'user',
    input: z.object({ agentId: z.string().uuid(), format: CardFormat }),
    output: z.object({ fileName: z.string(), contentType: z.string(), base64: z.string() }),
  }),
  import: defineCall({
    path: '/ai/api/v1/agent/card/import',
    summary: 'Import a character card (PNG, JSON or CHARX, told apart by content) as a private draft agent',
    tag: 'cards',
    access: 'user',
    input: z.object({
      base64: z
        .string()
        .min(1)
        .max(Math.ceil((CARD_MAX_BYTES * 4) / 3) + 4),
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
  fields: defineCall({
    path: '/ai/api/v1/agent/card/fields',
    summary: "Your agent's texts from its character card (personality, scenario, alternate greetings, lorebook); null when it came from no card",
    tag: 'cards',
    access: 'user',
    input: z.object({ agentId: z.string().uuid() }),
    output: CardFields.nullable(),
  }),
  setFields: defineCall({
    path: '/ai/api/v1/agent/card/set_fields',
    summary: "Replace your agent's character card texts; the card's other parts (and each kept lorebook entry's other fields) stay",
    tag: 'cards',
    access: 'user',
    input: CardFields.extend({ agentId: z.string().uuid() }),
    output: CardFields,
  }),
};
