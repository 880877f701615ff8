import type { ChatChunk, ChatMessage, ChatModel, ChatOptions } from './chat-model.ts';
import { inFirstPerson, isChinese, isInstruction } from './offline-voice.ts';

/** The name the UI shows, so nobody mistakes these replies for a language model's. */
export const OFFLINE_CHAT_ENGINE = 'Offline engine (no language model connected)';

const SENTENCE = /[^。！？!?.\n]+[。！？!?.]*/g;
// common words that say nothing about what the user asks
const STOP_WORDS = new Set([
  'the',
  'a',
  'an',
  'and',
  'or',
  'is',
  'are',
  'you',
  'your',
  'i',
  'me',
  'my',
  'to',
  'of',
  'in',
  'on',
  'do',
  'what',
  'how',
  'it',
  '你',
  '我',
  '的',
  '了',
  '是',
  '嗎',
  '吗',
  '呢',
]);
const segmenter = new Intl.Segmenter('zh', { granularity: 'word' });

/** Words to match on: Latin words, and the Chinese words Intl.Segmenter finds. */
function keywords(text: string): Set<string> {
  const out = new Set<string>();
  for (const { segment, isWordLike } of segmenter.segment(text.toLowerCase())) {
    if (isWordLike && !STOP_WORDS.has(segment)) out.add(segment);
  }
  return out;
}

/** FNV-1a, so that the same words always pick the same sentences. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

function sentencesOf(text: string, name: string): string[] {
  return (text.match(SENTENCE) ?? [])
    .map((s) => s.trim())
    .filter((s) => s.length > 1 && !isInstruction(s))
    .map((s) => inFirstPerson(s, name));
}

/**
 * The reply: the agent's own sentences most related to the user's words, said in the first
 * person and only in the user's language (a Chinese question never gets English sentences).
 */
export function offlineReply(
  messages: ChatMessage[],
  persona = messages
    .filter((m) => m.role === 'system')
    .map((m) => m.content)
    .join('\n'),
  name = '',
): string {
  const said = [...messages].reverse().find((m) => m.role === 'user')?.content ?? '';
  const chinese = isChinese(said);
  const pool = sentencesOf(persona, name).filter((s) => isChinese(s) === chinese);
  if (pool.length === 0) {
    const own = name.split(/\s+/).find((part) => part && isChinese(part) === chinese);
    if (chinese) return own ? `我是${own}。想聊些什麼呢？` : '我在這裡，想聊些什麼呢？';
    return own ? `I'm ${own}. What would you like to talk about?` : "I'm here. What would you like to talk about?";
  }

  const asked = keywords(said);
  const scored = pool.map((sentence, index) => {
    let score = 0;
    for (const word of keywords(sentence)) if (asked.has(word)) score++;
    return { sentence, index, score };
  });
  const seed = hash(said);
  const relevant = scored.filter((s) => s.score > 0).sort((a, b) => b.score - a.score || a.index - b.index);
  // with nothing in common, the user's words still choose, so different questions get different answers
  const picked = relevant.length > 0 ? relevant.slice(0, 2) : [scored[seed % scored.length]];
  if (picked.length === 1 && pool.length > 1) picked.push(scored[(picked[0].index + 1 + (seed % (pool.length - 1))) % pool.length]);
  const body = picked.sort((a, b) => a.index - b.index).map((p) => p.sentence);
  const openers = chinese ? ['嗯，', '這個嘛，', '說到這個，'] : ['Ah. ', 'Hmm… ', 'Let me see. '];
  return openers[seed % openers.length] + body.join(chinese ? '' : ' ');
}

/** Streams a piece per word (Intl.Segmenter also splits Chinese into words). */
function* pieces(text: string): Generator<string> {
  let pending = '';
  for (const { segment, isWordLike } of segmenter.segment(text)) {
    // spaces and punctuation ride along with the word before them
    if (!isWordLike || pending === '') {
      pending += segment;
      continue;
    }
    yield pending;
    pending = segment;
  }
  if (pending) yield pending;
}

/**
 * Answers in character without any model, from the agent's texts (options.persona, else the
 * system message) in the first person (options.agentName is who "she" or "{{char}}" is); deterministic for tests. `tokenMs` paces the words like a model streaming
 * them (OFFLINE_CHAT_TOKEN_MS), for demos and for stopping a reply in browser tests.
 */
export function offlineChat(tokenMs = 0): ChatModel {
  return {
    engine: OFFLINE_CHAT_ENGINE,
    async *stream(messages: ChatMessage[], options: ChatOptions, signal?: AbortSignal): AsyncGenerator<ChatChunk> {
      // a token is about four characters; the limit keeps replies as short as a model's would be
      const budget = options.maxTokens ? options.maxTokens * 4 : Infinity;
      let sent = 0;
      for (const text of pieces(offlineReply(messages, options.persona, options.agentName))) {
        signal?.throwIfAborted();
        if (sent + text.length > budget && sent > 0) return;
        sent += text.length;
        yield { text };
        // lets other work run between words, as a streaming provider would
        await new Promise<void>((resolve) => (tokenMs > 0 ? setTimeout(resolve, tokenMs) : setImmediate(resolve)));
      }
    },
  };
}
