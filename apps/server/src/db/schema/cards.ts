import { jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { agents } from './agents.ts';

/** What a character card carried that Starlit has no field for (docs/cards.md, `extra`). */
export interface StoredCardExtra {
  topLevel: Record<string, unknown>;
  data: Record<string, unknown>;
}

/**
 * The unused parts of the card an agent was imported from, so that exporting it again
 * gives back its lorebook, greetings and other tools' extensions. A table of its own keeps
 * card interoperability out of the agents table, which every other feature reads.
 */
export const agentCardExtras = pgTable('agent_card_extras', {
  agentId: uuid('agent_id')
    .primaryKey()
    .references(() => agents.id, { onDelete: 'cascade' }),
  extra: jsonb('extra').$type<StoredCardExtra>().notNull(),
  sourceSpec: text('source_spec', { enum: ['v1', 'v2', 'v3'] }).notNull(),
  importedAt: timestamp('imported_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
});
