import { eq } from 'drizzle-orm';
import type { Handle } from '../../db/client.ts';
import { agentCardExtras, type StoredCardExtra } from '../../db/schema/index.ts';

/** The card extras of imported agents (docs/cards.md, "What is kept"). */
export function agentCardsRepository(db: Handle) {
  return {
    async extraOf(agentId: string): Promise<StoredCardExtra | null> {
      const [row] = await db.select({ extra: agentCardExtras.extra }).from(agentCardExtras).where(eq(agentCardExtras.agentId, agentId));
      return row?.extra ?? null;
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

export type AgentCardsRepository = ReturnType<typeof agentCardsRepository>;
