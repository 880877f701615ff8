import { type ChatMessage, type ChatModel, type ChatOptions, OFFLINE_CHAT_ENGINE } from '../../ai/chat/index.ts';
import { isInstruction } from '../../ai/chat/offline-voice.ts';

/** A turn of the conversation as the side tasks (suggestions, memories) see it. */
export interface Turn {
  role: 'user' | 'assistant';
  content: string;
}

/** The longest suggested reply, in characters. */
export const SUGGESTION_MAX = 60;
const SUGGESTION_COUNT = 3;
const SUGGESTION_TIMEOUT_MS = 15_000;
/** Characters of recent conversation shown to the model; suggestions only need the last exchange or two. */
const SUGGESTION_BUDGET_CHARS = 2_000;

export const CJK = /[\u3400-\u9fff\uf900-\ufaff]/;
// words too common to be what a conversation is about
const STOP_WORDS = new Set(
  (
    'the a an and or but so if is are was were be been am i me my mine you your we our us he she it its they them their this that these those ' +
    'to of in on at for with from by about as into do does did not no yes what how why when where who which there here have has had can could ' +
    'will would should just really very too also more some any all like well oh hi hey hello okay ok then than now tell know think want get ' +
    "i'm it's don't that's you're 我們 你們 他們 什麼 這個 那個 說到 這個嘛 因為 所以 可以 沒有 就是 一個 怎麼 還是 如果 但是 真的 現在 今天 一下 一點 覺得 知道"
  ).split(' '),
);
// Chinese "words" the segmenter glues to a pronoun or particle: 我會, 最好的
const CJK_FUNCTION_WORD = /^[我你妳他她它]|[的了嗎呢吧]$/;
const segmenter = new Intl.Segmenter('zh', { granularity: 'word' });

/** FNV-1a: the same conversation always gets the same offline output, different ones vary. */
export function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** The words a text is about, most frequent first, then longest (more often a noun); single Chinese characters are mostly particles. */
export function topKeywords(text: string): string[] {
  const counts = new Map<string, number>();
  for (const { segment, isWordLike } of segmenter.segment(text.toLowerCase())) {
    if (!isWordLike || STOP_WORDS.has(segment) || CJK_FUNCTION_WORD.test(segment) || /^\d+$/.test(segment)) continue;
    if (segment.length < (CJK.test(segment) ? 2 : 3) || segment.length > 30) continue;
    counts.set(segment, (counts.get(segment) ?? 0) + 1);
  }
  // Map keeps insertion order and sort is stable, so full ties stay in order of appearance
  return [...counts].sort((a, b) => b[1] - a[1] || b[0].length - a[0].length).map(([word]) => word);
}

// words that end a noun phrase: "the telescope and…", "a keeper who…"
const PHRASE_END = new Set([
  'and',
  'or',
  'but',
  'who',
  'which',
  'that',
  'with',
  'of',
  'in',
  'on',
  'at',
  'to',
  'for',
  'from',
  'by',
  'about',
  'over',
  'under',
  'while',
  'when',
  'is',
  'are',
  'was',
  'were',
  'has',
  'have',
  'had',
  'every',
  'all',
]);
// whose thing it is, from the user's side: the agent's "my" and the setting's "her" are "your"
const OWNER: Record<string, string> = { my: 'your', your: 'my', her: 'your', his: 'your', our: 'your', their: 'their', the: 'the', a: 'the', an: 'the' };

/** The English noun phrases a text talks about ("the telescope", "your old maps"), most frequent first. */
export function nounPhrases(text: string): string[] {
  const counts = new Map<string, number>();
  const words = text.toLowerCase().match(/\p{L}[\p{L}'-]*|[^\p{L}\s]/gu) ?? [];
  for (let i = 0; i < words.length; i++) {
    const owner = OWNER[words[i]];
    // "Mira is a lighthouse keeper", "Luna, a stargazer": that is the agent itself, not something to ask it about
    if (!owner || ['is', 'am', 'are', 'was', 'were', 'as', ',', ')'].includes(words[i - 1])) continue;
    // "a little shy", "a bit tired" describe; they name no thing
    if (['little', 'bit', 'lot', 'few', 'bunch'].includes(words[i + 1])) continue;
    const body: string[] = [];
    for (let j = i + 1; j < words.length && body.length < 3 && /^\p{Ll}[\p{Ll}-]*$/u.test(words[j]) && !PHRASE_END.has(words[j]) && !OWNER[words[j]]; j++) body.push(words[j]);
    // a phrase ends in its noun; one word that is an "-ly" adverb or a stop word is no thing
    if (body.length === 0 || STOP_WORDS.has(body[body.length - 1]) || body[body.length - 1].endsWith('ly')) continue;
    const phrase = `${owner} ${body.join(' ')}`;
    counts.set(phrase, (counts.get(phrase) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1]).map(([phrase]) => phrase);
}

/** Strips what models put around list items: numbering, bullets and quotes. */
export function cleanLine(line: string): string {
  return (
    line
      // PostgreSQL cannot store NUL; a model may still send one
      .replaceAll('\u0000', '')
      .trim()
      .replace(/^(?:[-*•·–]\s*)*(?:(?:\(?\d+[.)、:：）]|（\d+）)\s*)?/, '')
      .replace(/^["'“”‘’「」『』]+|["'“”‘’「」『』]+$/g, '')
      .trim()
  );
}

/** Drops blanks and repeats (ignoring case and end punctuation), also of the `seen` ones. */
export function distinct(lines: string[], seen: string[] = []): string[] {
  const key = (s: string) =>
    s
      .trim()
      .toLowerCase()
      .replace(/[.。!！]+$/, '');
  const keys = new Set(seen.map(key));
  return lines.filter((line) => {
    const k = key(line);
    if (!k || keys.has(k)) return false;
    keys.add(k);
    return true;
  });
}

/** The newest turns as a transcript that fits `budget` characters (the last turn always goes, cut if needed). */
export function transcript(turns: Turn[], names: { user: string; assistant: string }, budget: number): string {
  const lines: string[] = [];
  let used = 0;
  for (let i = turns.length - 1; i >= 0; i--) {
    const line = `${names[turns[i].role]}: ${turns[i].content.trim()}`;
    if (lines.length > 0 && used + line.length > budget) break;
    used += line.length;
    lines.unshift(line.slice(0, budget));
  }
  return lines.join('\n');
}

/**
 * Asks the model and returns its answer as cleaned lines. Throws when the model fails, or when it
 * takes longer than `timeoutMs` or the caller aborts (the callers then fall back to the offline way).
 */
export async function askForLines(model: ChatModel, messages: ChatMessage[], options: ChatOptions, timeoutMs: number, signal?: AbortSignal): Promise<string[]> {
  const bounded = signal ? AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]) : AbortSignal.timeout(timeoutMs);
  let text = '';
  for await (const chunk of model.stream(messages, options, bounded)) text += chunk.text;
  return (
    text
      .split(/\r?\n/)
      .map(cleanLine)
      // a preamble such as "Here are three replies:" is not an item
      .filter((line) => line && !/[:：]$/.test(line))
  );
}

/** The sentences of the agent's texts that are not orders to the model. */
function spokenSentences(text: string): string {
  return (text.match(/[^。！？!?.\n]+[。！？!?.]*/g) ?? []).filter((sentence) => !isInstruction(sentence.trim())).join(' ');
}

/** Three different suggestions without a model, made from the conversation's own words. */
export function offlineSuggestions(input: { persona: string; turns: Turn[] }): string[] {
  const lastUser = input.turns.findLast((t) => t.role === 'user')?.content ?? '';
  const lastReply = input.turns.findLast((t) => t.role === 'assistant')?.content ?? '';
  const chinese = CJK.test(lastUser);
  const seed = hash(`${input.persona}\n${lastUser}\n${lastReply}`);
  // keywords in the other language would read oddly inside the sentence
  const inLanguage = (text: string) => topKeywords(text).filter((w) => CJK.test(w) === chinese);
  const pick = (words: string[], skip: string[]) => {
    const left = words.filter((w) => !skip.includes(w)).slice(0, 2);
    return left.length > 0 ? left[seed % left.length] : null;
  };

  const candidates: string[] = [];
  if (chinese) {
    const replyWord = pick(inLanguage(lastReply), []);
    if (replyWord) candidates.push(`多說一點關於「${replyWord}」的事`);
    const topic = pick(inLanguage(input.persona), replyWord ? [replyWord] : []);
    if (topic) candidates.push([`你覺得「${topic}」怎麼樣？`, `你是怎麼開始接觸「${topic}」的？`, `「${topic}」最吸引你的是什麼？`][seed % 3]);
  } else {
    // English needs a noun phrase ("the old telescope"), not a bare keyword ("about curious?")
    const replyThing = pick(nounPhrases(lastReply), []);
    if (replyThing) candidates.push(`Tell me more about ${replyThing}.`);
    // orders to the model ("…the user…") are no topic to ask the agent about
    const topic = pick(nounPhrases(spokenSentences(input.persona)), replyThing ? [replyThing] : []);
    if (topic) candidates.push([`What do you think about ${topic}?`, `What is special about ${topic}?`, `How did ${topic} come into your life?`][seed % 3]);
  }
  const generic = chinese
    ? ['你平常喜歡做什麼？', '你今天過得怎麼樣？', '你現在在做什麼呢？', '什麼事會讓你開心？']
    : ['What do you like to do?', 'How was your day?', 'What are you up to today?', 'What makes you happy?'];
  // rotated by the seed; at least three of them, so there are always three different suggestions
  for (let i = 0; i < generic.length; i++) candidates.push(generic[(seed + i) % generic.length]);
  return distinct(candidates.filter((s) => [...s].length <= SUGGESTION_MAX)).slice(0, SUGGESTION_COUNT);
}

/**
 * Up to three short replies the user might send next, in the user's language. Never throws:
 * when the model fails, is slow (15 s), answers nothing usable or the caller aborts, it answers
 * with the offline suggestions, so suggestions never make a reply fail.
 */
export async function suggestReplies(model: ChatModel, input: { persona: string; turns: Turn[] }, signal?: AbortSignal): Promise<string[]> {
  if (model.engine === OFFLINE_CHAT_ENGINE) return offlineSuggestions(input);
  const messages: ChatMessage[] = [
    {
      role: 'system',
      content:
        'You suggest what the user could say next in a chat with a character. Write exactly three short replies (under 60 characters each) ' +
        'the user might send next, one per line, with no numbering and no quotes, in the same language as the user.' +
        (input.persona.trim() ? `\n\nThe character:\n${input.persona.trim().slice(0, 1_000)}` : ''),
    },
    { role: 'user', content: transcript(input.turns, { user: 'User', assistant: 'Character' }, SUGGESTION_BUDGET_CHARS) },
  ];
  try {
    const lines = await askForLines(model, messages, { maxTokens: 80, temperature: 0.8 }, SUGGESTION_TIMEOUT_MS, signal);
    const replies = distinct(lines.filter((s) => [...s].length <= SUGGESTION_MAX)).slice(0, SUGGESTION_COUNT);
    if (replies.length > 0) return replies;
  } catch {
    // the offline suggestions below stand in
  }
  return offlineSuggestions(input);
}
