import type { ChatChunk, ChatMessage, ChatModel, ChatOptions } from './chat-model.ts';

/** The name the UI shows, so nobody mistakes these replies for a language model's. */
export const OFFLINE_CHAT_ENGINE = 'Offline engine (no language model connected)';

const CJK = /[\u3400-\u9fff\uf900-\ufaff]/;
const SENTENCE = /[^。！？!?.\n]+[。！？!?.]*/g;
// common words that say nothing about what the user asks
const STOP_WORDS = new Set(['the', 'a', 'an', 'and', 'or', 'is', 'are', 'you', 'your', 'i', 'me', 'my', 'to', 'of', 'in', 'on', 'do', 'what', 'how', 'it', '你', '我', '的', '了', '是', '嗎', '吗', '呢']);
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

// role settings mix who the agent is with orders to the model ("Reply in English…"): the
// orders are not things the agent would say
const INSTRUCTION = /^(reply|answer|respond|always|never|keep|stay|use|speak|do not|don't|avoid|write|ask|describe|act|pretend|roleplay)\b|^(請|回覆|回答|永遠|不要|保持|使用|扮演)/i;

/** A sentence about "you" (the agent, as the role setting addresses it) said by the agent itself. */
function inFirstPerson(sentence: string): string {
  if (/^你/.test(sentence)) return sentence.replace(/你們/g, '我們').replace(/你/g, '我');
  if (!/^(you|your)\b/i.test(sentence)) return sentence;
  return sentence
    .replace(/^You are\b/i, 'I am')
    .replace(/^You were\b/i, 'I was')
    .replace(/^You're\b/i, "I'm")
    .replace(/^You\b/i, 'I')
    .replace(/^Your\b/i, 'My')
    // a second clause about "you" after a semicolon or "and" is still the agent
    .replace(/([;:]\s+|\band\s+)you\b/gi, '$1I')
    .replace(/\byourself\b/gi, 'myself')
    .replace(/\byours\b/gi, 'mine')
    .replace(/\byour\b/gi, 'my');
}

function sentencesOf(text: string): string[] {
  const all = (text.match(SENTENCE) ?? []).map((s) => s.trim()).filter((s) => s.length > 1);
  const spoken = all.filter((s) => !INSTRUCTION.test(s));
  return (spoken.length > 0 ? spoken : all).map(inFirstPerson);
}

/** The reply: the agent's own sentences most related to the user's words, in the user's language where the texts allow. */
export function offlineReply(messages: ChatMessage[], persona = messages.filter((m) => m.role === 'system').map((m) => m.content).join('\n')): string {
  const said = [...messages].reverse().find((m) => m.role === 'user')?.content ?? '';
  const chinese = CJK.test(said);
  const all = sentencesOf(persona);
  // prefer sentences written in the user's language; a persona in only one language still answers
  const sameLanguage = all.filter((s) => CJK.test(s) === chinese);
  const pool = sameLanguage.length > 0 ? sameLanguage : all;
  if (pool.length === 0) return chinese ? '我在這裡，想聊些什麼呢？' : "I'm here. What would you like to talk about?";

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
 * system message); deterministic for tests. `tokenMs` paces the words like a model streaming
 * them (OFFLINE_CHAT_TOKEN_MS), for demos and for stopping a reply in browser tests.
 */
export function offlineChat(tokenMs = 0): ChatModel {
  return {
    engine: OFFLINE_CHAT_ENGINE,
    async *stream(messages: ChatMessage[], options: ChatOptions, signal?: AbortSignal): AsyncGenerator<ChatChunk> {
      // a token is about four characters; the limit keeps replies as short as a model's would be
      const budget = options.maxTokens ? options.maxTokens * 4 : Infinity;
      let sent = 0;
      for (const text of pieces(offlineReply(messages, options.persona))) {
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
