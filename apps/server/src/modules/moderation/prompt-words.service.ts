import { ErrorCode, MODERATION_LIMITS, wordNotAllowed, type Language } from '@starlit/contract';
import { withTx, type Db } from '../../db/client.ts';
import type { Bus } from '../../platform/bus.ts';
import { AppError } from '../../platform/errors.ts';
import { promptMatcher, type PromptMatcher } from './prompt-words.match.ts';
import { moderationRepository } from './moderation.repository.ts';
import { promptWordsRepository } from './prompt-words.repository.ts';

/** The bus key every instance listens on for changes of the list; no page subscribes to it. */
export const PROMPT_WORDS_TOPIC = 'moderation:prompt-words';

/**
 * How long a cached list is used without hearing of a change. The bus tells every instance at
 * once, but Redis pub/sub is at most once: an instance reconnecting to Redis misses what was
 * published meanwhile. This bounds how long it may go on with the old list.
 */
export const PROMPT_WORDS_TTL_MS = 60_000;

/**
 * The prompt word list (docs/moderation.md, Prompt words): the admins' calls over it, and the
 * check other modules run on what people write. The list is held in memory as one matcher,
 * dropped when this instance changes it or the bus says another did, and at the latest after
 * PROMPT_WORDS_TTL_MS.
 */
export function promptWordsService(deps: { db: Db; bus: Bus; now?: () => number }) {
  const { db, bus } = deps;
  const now = deps.now ?? Date.now;
  const repo = promptWordsRepository(db);

  // each change moves the generation on; a matcher loaded for an older one is not kept
  let generation = 0;
  let cached: { matcher: PromptMatcher; generation: number; loadedAt: number } | null = null;
  let loading: { generation: number; promise: Promise<PromptMatcher> } | null = null;

  function matcher(): Promise<PromptMatcher> {
    if (cached && cached.generation === generation && now() - cached.loadedAt < PROMPT_WORDS_TTL_MS) return Promise.resolve(cached.matcher);
    // checks at once while the list loads share one query
    if (loading?.generation === generation) return loading.promise;
    const at = generation;
    const startedAt = now();
    const promise = repo
      .words()
      .then((words) => {
        const loaded = promptMatcher(words);
        // a change that came while the words were read may be missing from them: load again next time
        if (at === generation) cached = { matcher: loaded, generation: at, loadedAt: startedAt };
        return loaded;
      })
      .finally(() => {
        if (loading?.promise === promise) loading = null;
      });
    loading = { generation: at, promise };
    return promise;
  }

  const forget = () => {
    generation += 1;
  };
  bus.subscribe(PROMPT_WORDS_TOPIC, (event) => {
    if (event.type === 'promptWords') forget();
  });
  /** After a change commits: this instance at once (even with the bus down), the others through the bus. */
  async function changed() {
    forget();
    await bus.publish(PROMPT_WORDS_TOPIC, { type: 'promptWords' });
  }

  /** The first listed word the text contains (matching rules in prompt-words.match.ts), or null. */
  async function check(text: string): Promise<string | null> {
    return (await matcher()).find(text);
  }

  return {
    check,

    /** Refuses a text with a listed word: 5110 naming the word in the caller's language. */
    async assertAllowed(text: string, lang: Language): Promise<void> {
      const word = await check(text);
      if (word !== null) throw new AppError(ErrorCode.CREATION_WORD_NOT_ALLOWED, 200, wordNotAllowed[lang](word));
    },

    list: () => repo.list(),

    /** Adds the words not listed yet (already normalised by the contract); answers those added and the new total. */
    async add(adminId: string, words: string[]) {
      const unique = [...new Set(words)];
      const result = await withTx(db, undefined, async (tx) => {
        const list = promptWordsRepository(tx);
        await list.lock();
        const listed = new Set(await list.existing(unique));
        const added = unique.filter((word) => !listed.has(word));
        const total = (await list.count()) + added.length;
        if (total > MODERATION_LIMITS.promptWords) throw new AppError(ErrorCode.PROMPT_WORDS_FULL);
        if (added.length > 0) {
          const at = new Date();
          await list.insert(added, adminId, at);
          await moderationRepository(tx).insertAction({ actorId: adminId, action: 'add_words', words: added, createdAt: at });
        }
        return { added, total };
      });
      if (result.added.length > 0) await changed();
      return result;
    },

    /** Removes a word (normalised by the contract); answers whether it was listed and the new total. */
    async remove(adminId: string, word: string) {
      const result = await withTx(db, undefined, async (tx) => {
        const list = promptWordsRepository(tx);
        await list.lock();
        const removed = await list.remove(word);
        if (removed) await moderationRepository(tx).insertAction({ actorId: adminId, action: 'remove_word', words: [word] });
        return { removed, total: await list.count() };
      });
      if (result.removed) await changed();
      return result;
    },
  };
}

export type PromptWordsService = ReturnType<typeof promptWordsService>;
