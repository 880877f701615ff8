import { count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Handle } from '../../db/client.ts';
import { promptWords, users } from '../../db/schema/index.ts';

/** The prompt word list; the only SQL over prompt_words. */
export function promptWordsRepository(db: Handle) {
  return {
    /** Every word, for the matcher. */
    async words(): Promise<string[]> {
      return (await db.select({ word: promptWords.word }).from(promptWords)).map((r) => r.word);
    },

    /** Every word with who added it, newest first. */
    async list() {
      return db
        .select({ word: promptWords.word, addedBy: promptWords.addedBy, createdAt: promptWords.createdAt, userName: users.userName, avatar: users.avatar })
        .from(promptWords)
        .leftJoin(users, eq(users.id, promptWords.addedBy))
        .orderBy(desc(promptWords.createdAt), promptWords.word);
    },

    async count(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(promptWords);
      return row.n;
    },

    /** Holds the list for the rest of the transaction, so two additions at once count each other against the limit. */
    async lock(): Promise<void> {
      await db.execute(sql`select pg_advisory_xact_lock(hashtext('prompt_words'))`);
    },

    /** Those of `words` already listed. */
    async existing(words: string[]): Promise<string[]> {
      return (await db.select({ word: promptWords.word }).from(promptWords).where(inArray(promptWords.word, words))).map((r) => r.word);
    },

    async insert(words: string[], addedBy: string, createdAt: Date): Promise<void> {
      await db
        .insert(promptWords)
        .values(words.map((word) => ({ word, addedBy, createdAt })))
        .onConflictDoNothing();
    },

    /** Whether the word was listed. */
    async remove(word: string): Promise<boolean> {
      return (await db.delete(promptWords).where(eq(promptWords.word, word)).returning({ word: promptWords.word })).length > 0;
    },
  };
}

export type PromptWordRow = Awaited<ReturnType<ReturnType<typeof promptWordsRepository>['list']>>[number];
