import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { agents, agentSkills, agentSkillTerms, agentVoices, appMeta, gifts, storeItems, users, voices, works } from '../db/schema/index.ts';

/** Every demo row, ready to insert. */
export interface DemoRows {
  official: typeof users.$inferInsert & { id: string };
  voices: Array<typeof voices.$inferInsert>;
  gifts: Array<typeof gifts.$inferInsert>;
  storeItems: Array<typeof storeItems.$inferInsert>;
  agents: Array<typeof agents.$inferInsert>;
  agentVoices: Array<typeof agentVoices.$inferInsert>;
  agentSkills: Array<typeof agentSkills.$inferInsert>;
  agentSkillTerms: Array<typeof agentSkillTerms.$inferInsert>;
  works: Array<typeof works.$inferInsert>;
}

const VERSION_KEY = 'demo_seed_version';
// Any fixed number: instances starting together on one PostgreSQL seed one at a time.
const SEED_LOCK = 7_340_512_001;

export function seedRepository(db: Db) {
  return {
    async version(): Promise<string | null> {
      const [row] = await db.select({ value: appMeta.value }).from(appMeta).where(eq(appMeta.key, VERSION_KEY));
      return row?.value ?? null;
    },

    /**
     * Inserts whatever demo rows are missing and records `version`, all in one transaction:
     * a crash leaves nothing half-done, and rows that already exist are left alone. Answers
     * false when another instance recorded the version first.
     */
    async write(rows: DemoRows, version: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
        const [done] = await tx.select().from(appMeta).where(eq(appMeta.key, VERSION_KEY));
        if (done?.value === version) return false;
        await tx.insert(users).values(rows.official).onConflictDoNothing();
        const [official] = await tx.select({ id: users.id }).from(users).where(eq(users.id, rows.official.id));
        if (!official) throw new Error(`cannot seed the demo: the user name "${rows.official.userName}" belongs to another account`);
        await tx.insert(voices).values(rows.voices).onConflictDoNothing();
        await tx.insert(gifts).values(rows.gifts).onConflictDoNothing();
        // items seeded by an earlier version get the descriptions and previews added since;
        // prices are left alone, as admins may have changed them
        await tx
          .insert(storeItems)
          .values(rows.storeItems)
          .onConflictDoUpdate({
            target: storeItems.id,
            set: { descriptionEn: sql`excluded.description_en`, descriptionZhTw: sql`excluded.description_zh_tw`, preview: sql`excluded.preview` },
          });
        await tx.insert(agents).values(rows.agents).onConflictDoNothing();
        await tx.insert(agentVoices).values(rows.agentVoices).onConflictDoNothing();
        await tx.insert(agentSkills).values(rows.agentSkills).onConflictDoNothing();
        await tx.insert(agentSkillTerms).values(rows.agentSkillTerms).onConflictDoNothing();
        await tx.insert(works).values(rows.works).onConflictDoNothing();
        await tx
          .insert(appMeta)
          .values({ key: VERSION_KEY, value: version })
          .onConflictDoUpdate({ target: appMeta.key, set: { value: version, updatedAt: new Date() } });
        return true;
      });
    },
  };
}
