import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { agents } from './agents.ts';
import { jobs } from './jobs.ts';

/**
 * The 2D and 3D avatars of an agent and which one it shows. Kept beside the agents table
 * until the agents feature takes avatars into its own columns (setAvatar).
 */
export const agentAvatars = pgTable('agent_avatars', {
  agentId: uuid('agent_id').primaryKey().references(() => agents.id, { onDelete: 'cascade' }),
  kind: text('kind', { enum: ['2d', '3d'] }).notNull().default('2d'),
  image2d: text('image_2d'),
  model3d: text('model_3d'),
  /** The engine that drew image2d, or null for an upload. */
  engine: text('engine'),
  lastJobId: uuid('last_job_id').references(() => jobs.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
});
