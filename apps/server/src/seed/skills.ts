import type { Db } from '../db/client.ts';
import { skills } from '../db/schema/index.ts';

/**
 * The skill catalogue of SPEC §3. The spec names no prices, so these are ours: the image
 * skills rent by the month, music by the quarter, and dance (the costliest to run) is bought
 * once and kept.
 */
export const SKILL_CATALOGUE: Array<typeof skills.$inferInsert> = [
  { key: 'TextToImage', priceDiamonds: 30, usageDays: 30, sort: 1 },
  { key: 'ImageToImage', priceDiamonds: 40, usageDays: 30, sort: 2 },
  { key: 'TextToMusic', priceDiamonds: 60, usageDays: 90, sort: 3 },
  { key: 'AIDance', priceDiamonds: 200, usageDays: null, sort: 4 },
];

/**
 * Puts the skill catalogue in place on every start (not only with the demo seed): agents
 * cannot be published without a skill. Rows that exist are left as an operator set them.
 */
export async function seedSkills(db: Db): Promise<void> {
  await db.insert(skills).values(SKILL_CATALOGUE).onConflictDoNothing();
}
