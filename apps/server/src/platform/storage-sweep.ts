import type { Storage } from './storage.ts';

/**
 * A folder of storage whose files belong to rows of one feature: `referenced` answers which
 * of the given keys a row still points at. Everything else in the folder is an orphan.
 */
export interface StorageOwner {
  prefix: string;
  referenced(keys: string[]): Promise<Set<string>>;
}

/**
 * Files younger than this are never swept: an upload is written before the row that points
 * at it (an avatar before `setAvatar`, a reference picture before its job runs).
 */
export const ORPHAN_GRACE_MS = 24 * 60 * 60_000;
/** Keys asked about in one query. */
const BATCH = 500;

/**
 * Deletes the files under each owner's prefix that no row references and that are older than
 * `graceMs`; answers how many were deleted. A plain function so that it can run from a timer
 * or as a job.
 */
export async function sweepOrphans(storage: Storage, owners: StorageOwner[], options: { graceMs?: number; now?: Date } = {}): Promise<number> {
  const before = (options.now ?? new Date()).getTime() - (options.graceMs ?? ORPHAN_GRACE_MS);
  let deleted = 0;
  for (const owner of owners) {
    const sweep = async (keys: string[]) => {
      const kept = await owner.referenced(keys);
      for (const key of keys) {
        if (kept.has(key)) continue;
        await storage.delete(key);
        deleted++;
      }
    };
    let batch: string[] = [];
    for await (const object of storage.list(owner.prefix)) {
      if (object.modifiedAt.getTime() > before) continue;
      batch.push(object.key);
      if (batch.length === BATCH) {
        await sweep(batch);
        batch = [];
      }
    }
    if (batch.length > 0) await sweep(batch);
  }
  return deleted;
}
