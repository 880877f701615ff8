import { eq, inArray } from 'drizzle-orm';
import type { Handle } from '../../db/client.ts';
import { agentCardExtras, type StoredCardExtra } from '../../db/schema/index.ts';
import { agentsRepository } from '../agents/agents.repository.ts';

/** The storage folder of imported cards' asset files: `cards/<agentId>/<hash>.<ext>`. */
export const CARD_ASSETS_FOLDER = 'cards/';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The card extras of imported agents (docs/cards.md, "What is kept"). */
export function cardsRepository(db: Handle) {
  return {
    async extraOf(agentId: string): Promise<StoredCardExtra | null> {
      const [row] = await db.select({ extra: agentCardExtras.extra }).from(agentCardExtras).where(eq(agentCardExtras.agentId, agentId));
      return row?.extra ?? null;
    },

    /** Which of these asset keys belong to a live agent that keeps its card extras. */
    async referencedAssets(keys: string[]): Promise<Set<string>> {
      const agentOf = (key: string) => key.slice(CARD_ASSETS_FOLDER.length).split('/')[0] ?? '';
      const ids = [...new Set(keys.map(agentOf).filter((id) => UUID.test(id)))];
      if (ids.length === 0) return new Set();
      const rows = await db.select({ agentId: agentCardExtras.agentId }).from(agentCardExtras).where(inArray(agentCardExtras.agentId, ids));
      if (rows.length === 0) return new Set();
      // whether an agent is deleted is the agents feature's to answer
      const live = new Set((await agentsRepository(db).owners(rows.map((r) => r.agentId))).map((a) => a.id));
      return new Set(keys.filter((key) => live.has(agentOf(key))));
    },

    async stored(agentId: string): Promise<{ extra: StoredCardExtra; sourceSpec: 'v1' | 'v2' | 'v3' } | null> {
      const [row] = await db.select({ extra: agentCardExtras.extra, sourceSpec: agentCardExtras.sourceSpec }).from(agentCardExtras).where(eq(agentCardExtras.agentId, agentId));
      return row ?? null;
    },

    async saveExtra(agentId: string, extra: StoredCardExtra, sourceSpec: 'v1' | 'v2' | 'v3'): Promise<void> {
      await db
        .insert(agentCardExtras)
        .values({ agentId, extra, sourceSpec })
        .onConflictDoUpdate({ target: agentCardExtras.agentId, set: { extra, sourceSpec, importedAt: new Date() } });
    },
  };
}

export type CardsRepository = ReturnType<typeof cardsRepository>;
