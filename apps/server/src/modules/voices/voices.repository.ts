import { and, count, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Handle } from '../../db/client.ts';
import { voicePurchases, voices, type VoiceEngineParams } from '../../db/schema/index.ts';
import { afterCursor, type Cursor } from '../../platform/pagination.ts';
import type { CloneFailure } from './voices.jobs.ts';

export type VoiceRow = typeof voices.$inferSelect;

/** Storage folders of the voices feature: uploaded clips, and spoken samples and previews. */
export const VOICE_CLIPS_FOLDER = 'voices/clips/';
export const VOICE_SPEECH_FOLDER = 'voices/speech/';

/** Which voices a list shows. */
export type VoiceFilter = { kind: 'official' } | { kind: 'gender'; gender: 'Male' | 'Female'; userId: string | null } | { kind: 'own'; userId: string };

function where(filter: VoiceFilter): SQL | undefined {
  if (filter.kind === 'official') return and(eq(voices.isOfficial, true), eq(voices.status, 'done'));
  if (filter.kind === 'own') return eq(voices.ownerId, filter.userId);
  const visible = filter.userId ? or(eq(voices.isOfficial, true), eq(voices.ownerId, filter.userId)) : eq(voices.isOfficial, true);
  return and(visible, eq(voices.gender, filter.gender), eq(voices.status, 'done'));
}

/** Voices: the official catalogue and people's clones. Other features read voices through here. */
export function voicesRepository(db: Handle) {
  return {
    async list(filter: VoiceFilter, cursor: Cursor | null, limit: number): Promise<VoiceRow[]> {
      return db
        .select()
        .from(voices)
        .where(and(where(filter), afterCursor(cursor, voices.createdAt, voices.id)))
        .orderBy(desc(voices.createdAt), desc(voices.id))
        .limit(limit + 1);
    },

    async byId(id: string): Promise<VoiceRow | null> {
      const [row] = await db.select().from(voices).where(eq(voices.id, id));
      return row ?? null;
    },

    /** Every official voice, oldest first (the admins' price list). */
    async officials(): Promise<VoiceRow[]> {
      return db.select().from(voices).where(eq(voices.isOfficial, true)).orderBy(voices.createdAt, voices.id);
    },

    /** Sets an official voice's price; false when the id is not an official voice. */
    async setOfficialPrice(id: string, priceDiamonds: number): Promise<boolean> {
      const rows = await db
        .update(voices)
        .set({ priceDiamonds })
        .where(and(eq(voices.id, id), eq(voices.isOfficial, true)))
        .returning({ id: voices.id });
      return rows.length > 0;
    },

    async byIds(ids: string[]): Promise<VoiceRow[]> {
      if (ids.length === 0) return [];
      return db.select().from(voices).where(inArray(voices.id, ids));
    },

    /** Which of `voiceIds` the user bought. */
    async purchasedOf(userId: string | null, voiceIds: string[]): Promise<Set<string>> {
      if (!userId || voiceIds.length === 0) return new Set();
      const rows = await db
        .select({ voiceId: voicePurchases.voiceId })
        .from(voicePurchases)
        .where(and(eq(voicePurchases.userId, userId), inArray(voicePurchases.voiceId, voiceIds)));
      return new Set(rows.map((r) => r.voiceId));
    },

    /** Records a purchase; false when the user already owns the voice (the primary key decides, so two at once record one). */
    async recordPurchase(userId: string, voiceId: string, priceDiamonds: number): Promise<boolean> {
      const rows = await db.insert(voicePurchases).values({ userId, voiceId, priceDiamonds }).onConflictDoNothing().returning({ voiceId: voicePurchases.voiceId });
      return rows.length > 0;
    },

    /**
     * Inserts a clone unless its owner already keeps `max` of them. A per-owner advisory lock
     * makes two uploads at once count each other. Answers null when the limit is reached.
     */
    async insertClone(values: typeof voices.$inferInsert & { ownerId: string }, max: number): Promise<VoiceRow | null> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`voices:${values.ownerId}`}))`);
        const [{ n }] = await tx.select({ n: count() }).from(voices).where(eq(voices.ownerId, values.ownerId));
        if (n >= max) return null;
        const [row] = await tx.insert(voices).values(values).returning();
        return row;
      });
    },

    /** Clones a restart interrupted. */
    async creating(): Promise<VoiceRow[]> {
      return db.select().from(voices).where(eq(voices.status, 'creating'));
    },

    /** Records a finished clone; a clone already finished (by another instance) stays as it is. */
    async finish(id: string, engineParams: VoiceEngineParams, sample: string | null): Promise<void> {
      await db
        .update(voices)
        .set({ status: 'done', engineParams, sample, failureReason: null })
        .where(and(eq(voices.id, id), eq(voices.status, 'creating')));
    },

    /** Records a failed clone and forgets its clip, which nothing clones from again. */
    async fail(id: string, reason: CloneFailure): Promise<void> {
      await db
        .update(voices)
        .set({ status: 'failed', failureReason: reason, clipKey: null })
        .where(and(eq(voices.id, id), eq(voices.status, 'creating')));
    },

    async setSample(id: string, sample: string): Promise<void> {
      await db.update(voices).set({ sample }).where(eq(voices.id, id));
    },

    /** Which of these storage keys a voice keeps as its clip. */
    async referencedClips(keys: string[]): Promise<Set<string>> {
      const rows = await db.select({ key: voices.clipKey }).from(voices).where(inArray(voices.clipKey, keys));
      return new Set(rows.flatMap((r) => (r.key ? [r.key] : [])));
    },

    /** Which of these URLs a voice has as its sample. */
    async referencedSamples(urls: string[]): Promise<Set<string>> {
      const rows = await db.select({ url: voices.sample }).from(voices).where(inArray(voices.sample, urls));
      return new Set(rows.flatMap((r) => (r.url ? [r.url] : [])));
    },

    async remove(id: string): Promise<void> {
      await db.delete(voices).where(eq(voices.id, id));
    },
  };
}

export type VoicesRepository = ReturnType<typeof voicesRepository>;
