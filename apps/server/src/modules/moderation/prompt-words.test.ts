import { calls, type Language } from '@starlit/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promptWords as promptWordsTable } from '../../db/schema/index.ts';
import { memoryBus } from '../../platform/bus.ts';
import { AppError } from '../../platform/errors.ts';
import { eventually } from '../../../test/eventually.ts';
import { buildAdmin, buildUser } from '../../../test/factories.ts';
import { startTestInstances, startTestServer, type SignedIn, type TestServer } from '../../../test/server.ts';
import { PROMPT_WORDS_TTL_MS, promptWordsService } from './prompt-words.service.ts';

const c = calls.moderation;

let t: TestServer;
let admin: SignedIn;
beforeAll(async () => {
  t = await startTestServer();
  admin = await buildAdmin(t);
});
afterAll(async () => {
  await t?.close();
});

const check = (text: string) => t.starlit.services.moderation.promptWords.check(text);
const listed = async () => (await t.ok(c.promptWords, {}, { as: admin })).items.map((i) => i.word);
/** Empties the list straight in the database; the cache of the app is dropped by the next change through a call. */
const clear = () => t.starlit.database.db.delete(promptWordsTable);

describe('access', () => {
  it('answers 401 to visitors and 403 to users, changing nothing', async () => {
    const user = await buildUser(t);
    const inputs = [
      [c.promptWords, {}],
      [c.addPromptWords, { words: ['sneaky'] }],
      [c.removePromptWord, { word: 'sneaky' }],
    ] as const;
    for (const [call, input] of inputs) {
      expect((await t.call(call.path, input)).status, call.path).toBe(401);
      expect((await t.call(call.path, input, { as: user })).status, call.path).toBe(403);
    }
    expect(await listed()).not.toContain('sneaky');
  });
});

describe('the list', () => {
  it('adds words trimmed, NFKC-normalised and in lower case, ignoring duplicates, with who added them', async () => {
    await clear();
    const first = await t.ok(c.addPromptWords, { words: ['  Spam ', 'ＳＰＡＭ', 'spam', 'Ｆｒｅｅ　Ｍｏｎｅｙ', '壞詞', 'ﬁlthy'] }, { as: admin });
    expect(first).toEqual({ added: ['spam', 'free money', '壞詞', 'filthy'], total: 4 });
    const again = await t.ok(c.addPromptWords, { words: ['SPAM', 'new one'] }, { as: admin });
    expect(again).toEqual({ added: ['new one'], total: 5 });

    const list = await t.ok(c.promptWords, {}, { as: admin });
    expect(list.limit).toBe(1000);
    expect(list.items.map((i) => i.word).sort()).toEqual(['filthy', 'free money', 'new one', 'spam', '壞詞']);
    expect(list.items[0]).toMatchObject({ word: 'new one', addedBy: { userId: admin.userId, userName: 'admin' } });
    expect(Date.now() - new Date(list.items[0].createdAt).getTime()).toBeLessThan(60_000);

    // the audit log has the change; adding only duplicates changes nothing and logs nothing
    await t.ok(c.addPromptWords, { words: ['Spam'] }, { as: admin });
    const log = await t.ok(c.log, { limit: 2 }, { as: admin });
    expect(log.items.map((e) => [e.action, e.words])).toEqual([
      ['add_words', ['new one']],
      ['add_words', ['spam', 'free money', '壞詞', 'filthy']],
    ]);
    expect(log.items[0]).toMatchObject({ actor: { userId: admin.userId }, workId: null, subject: null });
  });

  it('refuses words of no or more than 40 characters and empty or too long lists, in the caller’s language', async () => {
    for (const words of [['ok', '   '], ['x'.repeat(41)], []]) {
      const res = await t.call(c.addPromptWords.path, { words }, { as: admin });
      expect(res.body.code, JSON.stringify(words)).toBe(1001);
    }
    expect((await t.call(c.addPromptWords.path, { words: ['ok', ' \u200b '] }, { as: admin })).body.message).toContain('A word must be 1 to 40 characters');
    expect((await t.call(c.addPromptWords.path, { words: ['y'.repeat(41)] }, { as: admin, lang: 'zh_TW' })).body.message).toContain('每個詞語須為 1 至 40 個字');
    expect((await t.call(c.addPromptWords.path, { words: [] }, { as: admin })).body.message).toContain('Enter at least one word');
    expect((await t.call(c.addPromptWords.path, { words: Array.from({ length: 1001 }, (_, i) => `w${i}`) }, { as: admin })).body.message).toContain('At most 1000 words at once');
    // forty is allowed, counted after normalising: forty full-width letters are forty letters
    expect((await t.ok(c.addPromptWords, { words: ['Ｚ'.repeat(40)] }, { as: admin })).added).toEqual(['z'.repeat(40)]);
  });

  it('holds at most 1000 words: an addition past that is refused whole, duplicates still pass', async () => {
    await clear();
    await t.starlit.database.db.insert(promptWordsTable).values(Array.from({ length: 995 }, (_, i) => ({ word: `filler${i}` })));
    const refused = await t.call(c.addPromptWords, { words: ['a1', 'a2', 'a3', 'a4', 'a5', 'a6'] }, { as: admin });
    expect(refused.body.code).toBe(4702);
    expect(refused.body.message).toBe('The prompt word list holds at most 1000 words: remove some before adding more');
    expect(await listed()).not.toContain('a1');
    expect(await t.ok(c.addPromptWords, { words: ['a1', 'a2', 'a3', 'a4', 'a5', 'filler0'] }, { as: admin })).toEqual({ added: ['a1', 'a2', 'a3', 'a4', 'a5'], total: 1000 });
    expect(await t.ok(c.addPromptWords, { words: ['filler1', 'A1'] }, { as: admin })).toEqual({ added: [], total: 1000 });
    const zh = await t.call(c.addPromptWords, { words: ['one more'] }, { as: admin, lang: 'zh_TW' });
    expect(zh.body.message).toBe('禁用詞清單最多 1000 個詞語：請先移除一些再新增');
    await clear();
  });

  it('two additions at once count each other against the limit', async () => {
    await clear();
    await t.starlit.database.db.insert(promptWordsTable).values(Array.from({ length: 998 }, (_, i) => ({ word: `filler${i}` })));
    const answers = await Promise.all([t.call(c.addPromptWords, { words: ['b1', 'b2'] }, { as: admin }), t.call(c.addPromptWords, { words: ['c1', 'c2'] }, { as: admin })]);
    expect(answers.map((a) => a.body.code).sort()).toEqual([0, 4702]);
    expect((await listed()).length).toBe(1000);
    await clear();
  });

  it('removes a word given in any form, once, logging it', async () => {
    await t.ok(c.addPromptWords, { words: ['gone soon'] }, { as: admin });
    expect(await t.ok(c.removePromptWord, { word: ' ＧＯＮＥ  Soon ' }, { as: admin })).toMatchObject({ removed: true });
    expect(await listed()).not.toContain('gone soon');
    expect((await t.ok(c.log, { limit: 1 }, { as: admin })).items[0]).toMatchObject({ action: 'remove_word', words: ['gone soon'], actor: { userId: admin.userId } });
    expect(await t.ok(c.removePromptWord, { word: 'gone soon' }, { as: admin })).toMatchObject({ removed: false });
    expect((await t.ok(c.log, { limit: 1 }, { as: admin })).items[0].action).toBe('remove_word');
    expect((await t.call(c.removePromptWord.path, { word: ' ' }, { as: admin })).body.code).toBe(1001);
  });
});

describe('check', () => {
  beforeAll(async () => {
    await clear();
    await t.ok(c.addPromptWords, { words: ['ass', 'free money', '壞詞', 'f.ck', 'c++', 'ｚｅｔａ', 'ドラッグ', '바보'] }, { as: admin });
  });

  it.each([
    ['plain, in any case', 'You ASS!', 'ass'],
    ['full-width letters', 'what an ａｓｓ', 'ass'],
    ['compatibility capitals (NFKC)', 'ℤeta function', 'zeta'],
    ['mathematical letters (NFKC)', 'hello 𝐚𝐬𝐬', 'ass'],
    ['a zero-width space inside', 'a\u200Bss here', 'ass'],
    ['a phrase across other white space', 'get FREE\n  money now', 'free money'],
    ['a Latin word next to CJK', '你這個ass啦', 'ass'],
    ['a CJK word inside a CJK sentence', '這是壞詞啊', '壞詞'],
    ['a CJK word in full-width brackets', '「壞詞」', '壞詞'],
    ['katakana inside a word', 'ドラッグストア', 'ドラッグ'],
    ['hangul with a particle', '바보야', '바보'],
    ['punctuation taken literally', 'no f.ck way', 'f.ck'],
    ['a word ending in symbols', 'I write c++ code', 'c++'],
  ])('finds %s', async (_, text, word) => {
    expect(await check(text)).toBe(word);
  });

  it.each([
    ['inside a longer Latin word', 'a class of its own, passed with bass'],
    ['a regex pattern is not a wildcard', 'no fuck way'],
    ['half a phrase', 'free time, money later'],
    ['nothing listed', '一張星空下的小鎮'],
    ['an accented neighbour continues the word', 'assé'],
  ])('finds nothing %s', async (_, text) => {
    expect(await check(text)).toBeNull();
  });

  it('answers the word that comes first in the text, the longer where two start together', async () => {
    await t.ok(c.addPromptWords, { words: ['free'] }, { as: admin });
    expect(await check('壞詞 and then ass')).toBe('壞詞');
    expect(await check('ass and then 壞詞')).toBe('ass');
    expect(await check('free money')).toBe('free money');
    expect(await check('free time')).toBe('free');
    await t.ok(c.removePromptWord, { word: 'free' }, { as: admin });
  });

  it('refuses with 5110 naming the word in the caller’s language', async () => {
    const { assertAllowed } = t.starlit.services.moderation.promptWords;
    await expect(assertAllowed('a fine night sky', 'en_US')).resolves.toBeUndefined();
    const refusal = (lang: Language) =>
      assertAllowed('Free   MONEY for all', lang).then(
        () => null,
        (err: unknown) => err,
      );
    const en = await refusal('en_US');
    expect(en).toBeInstanceOf(AppError);
    expect(en).toMatchObject({ code: 5110, detail: 'The description contains a word that is not allowed: “free money”' });
    expect(await refusal('zh_TW')).toMatchObject({ code: 5110, detail: '描述含有不允許的詞語：「free money」' });
  });
});

describe('the cache', () => {
  it('sees a change of this instance at once', async () => {
    await clear();
    await t.ok(c.addPromptWords, { words: ['placeholder'] }, { as: admin });
    expect(await check('fresh word')).toBeNull();
    await t.ok(c.addPromptWords, { words: ['fresh'] }, { as: admin });
    expect(await check('fresh word')).toBe('fresh');
    await t.ok(c.removePromptWord, { word: 'fresh' }, { as: admin });
    expect(await check('fresh word')).toBeNull();
  });

  it('keeps the list in memory: a row written behind its back is not read until a change or the TTL', async () => {
    let clock = 0;
    const words = promptWordsService({ db: t.starlit.database.db, bus: memoryBus(), now: () => clock });
    expect(await words.check('sideways')).toBeNull();
    await t.starlit.database.db.insert(promptWordsTable).values({ word: 'sideways' });
    expect(await words.check('sideways')).toBeNull();
    clock += PROMPT_WORDS_TTL_MS;
    expect(await words.check('sideways')).toBe('sideways');
  });

  it('hears of a change on another instance through the bus, and through the TTL when the bus lost it', async () => {
    let clock = 0;
    const bus = memoryBus();
    const db = t.starlit.database.db;
    const a = promptWordsService({ db, bus, now: () => clock });
    const b = promptWordsService({ db, bus, now: () => clock });
    // an instance on a bus of its own misses every message, as after a lost Redis connection
    const deaf = promptWordsService({ db, bus: memoryBus(), now: () => clock });
    for (const instance of [b, deaf]) expect(await instance.check('heard across')).toBeNull();
    await a.add(admin.userId, ['across']);
    expect(await b.check('heard across')).toBe('across');
    expect(await deaf.check('heard across')).toBeNull();
    clock += PROMPT_WORDS_TTL_MS;
    expect(await deaf.check('heard across')).toBe('across');

    await a.remove(admin.userId, 'across');
    expect(await b.check('heard across')).toBeNull();
  });
});

// the real bus between instances is Redis (and the shared database PostgreSQL)
describe.runIf(process.env.DATABASE_URL && process.env.REDIS_URL)('across instances through Redis', () => {
  it('an instance hears of a word added on another', async () => {
    const group = await startTestInstances(2);
    try {
      const [one, two] = group.instances;
      const checkOnTwo = (text: string) => two!.starlit.services.moderation.promptWords.check(text);
      expect(await checkOnTwo('over redis')).toBeNull();
      const boss = await one!.admin();
      await one!.ok(c.addPromptWords, { words: ['redis'] }, { as: boss });
      // pub/sub arrives a moment later; the TTL (a minute) is far past the test's timeout
      expect(
        await eventually(
          () => checkOnTwo('over redis'),
          (word) => word !== null,
        ),
      ).toBe('redis');
    } finally {
      await group.close();
    }
  });
});
