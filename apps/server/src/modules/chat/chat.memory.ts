import { CHAT_MEMORY_MAX } from '@starlit/contract';
import { type ChatMessage, type ChatModel, OFFLINE_CHAT_ENGINE } from '../../ai/chat/index.ts';
import { askForLines, CJK, distinct, topKeywords, transcript, type Turn } from './chat.suggestions.ts';

const MEMORY_COUNT = 3;
const MEMORY_TIMEOUT_MS = 20_000;
/** Characters of conversation shown to the model: MEMORY_EVERY_TURNS exchanges of ordinary length. */
const MEMORY_BUDGET_CHARS = 6_000;
const SENTENCE = /[^。！？!?.\n]+[。！？!?.]*/g;
const ENGLISH_SELF = /\b(?:i|i['’]m|my|me|mine)\b/i;
// "我" but not "我們": what "we" did is not a fact about the user alone
const CHINESE_SELF = /我(?!們)/;
// "I", maybe an adverb, and the verb that then takes the third person ("I really like" → "the user really likes")
const I_VERB = /\bI\s+((?:also|just|never|always|often|still|sometimes|usually|really|only|even|actually)\s+)?([\w'’]+)/gi;
// words after "I" that do not take an -s after "the user" (contractions other than IRREGULAR's do not either)
const UNCHANGED = new Set(['can', 'could', 'will', 'would', 'should', 'might', 'must', 'may', 'shall', 'was', 'did', 'and', 'or', 'but', 'too']);
const IRREGULAR: Record<string, string> = { am: 'is', have: 'has', do: 'does', go: 'goes', "don't": "doesn't", "haven't": "hasn't" };

const clip = (text: string) => [...text].slice(0, CHAT_MEMORY_MAX).join('');

/** "like" → "likes", "watch" → "watches", "study" → "studies". */
function thirdPerson(verb: string): string {
  const lower = verb.toLowerCase().replace('’', "'");
  if (IRREGULAR[lower]) return IRREGULAR[lower];
  if (UNCHANGED.has(lower) || !/^[a-z]+$/.test(lower)) return verb;
  if (/(?:s|sh|ch|x|z|o)$/.test(lower)) return `${verb}es`;
  if (/[^aeiou]y$/.test(lower)) return `${verb.slice(0, -1)}ies`;
  return `${verb}s`;
}

/** A first-person sentence told about the user, e.g. "I really like your songs" → "The user really likes Mira's songs". */
function englishInThirdPerson(sentence: string, agentName: string): string {
  const out = sentence
    .replace(/\bI['’]m\b/gi, 'the user is')
    .replace(/\bI['’]ve\b/gi, 'the user has')
    .replace(/\bI['’]ll\b/gi, 'the user will')
    .replace(/\bI['’]d\b/gi, 'the user would')
    .replace(I_VERB, (_, adverb: string | undefined, verb: string) => `the user ${adverb ?? ''}${thirdPerson(verb)}`)
    .replace(/\bI\b/gi, 'the user')
    .replace(/\b(?:my|mine)\b/gi, "the user's")
    .replace(/\bme\b/gi, 'the user')
    .replace(/\byour\b/gi, `${agentName}'s`)
    .replace(/\byou\b/gi, agentName);
  return out.charAt(0).toUpperCase() + out.slice(1);
}

/** Memories without a model: what the user said about themselves, else what the conversation was about. */
export function offlineMemories(input: { agentName: string; turns: Turn[]; known: string[] }): string[] {
  const said = input.turns.filter((t) => t.role === 'user').map((t) => t.content);
  const chinese = said.some((text) => CJK.test(text));
  const statements = said
    .flatMap((text) => text.match(SENTENCE) ?? [])
    .map((s) => s.trim())
    // questions ask the agent something; they tell little about the user
    .filter((s) => !/[?？]$/.test(s) && (CJK.test(s) ? CHINESE_SELF.test(s) && [...s].length >= 4 : ENGLISH_SELF.test(s) && s.length >= 6))
    // drop a greeting before the first comma: "Hi, I'm Mia" → "I'm Mia"
    .map((s) => s.replace(/^[^,，]{1,15}[,，]\s*(?=.)/, (lead) => (ENGLISH_SELF.test(lead) || CHINESE_SELF.test(lead) ? lead : '')))
    .map((s, index) => ({ s, index, words: topKeywords(s).length }));
  const rewrite = (s: string) => clip(CJK.test(s) ? s.replace(/我(?!們)/g, '使用者').replace(/你/g, input.agentName) : englishInThirdPerson(s, input.agentName));
  // the most informative new ones, told in the order they were said
  const best = statements.sort((a, b) => b.words - a.words || b.s.length - a.s.length || a.index - b.index).map((statement) => ({ ...statement, memory: rewrite(statement.s) }));
  const fresh = new Set(
    distinct(
      best.map((b) => b.memory),
      input.known,
    ).slice(0, MEMORY_COUNT),
  );
  // delete: a memory two statements rewrite to is told once
  const memories = best.filter((b) => fresh.delete(b.memory)).sort((a, b) => a.index - b.index);
  if (memories.length > 0) return memories.map((m) => m.memory);

  // what the user brought up, else what the agent talked about
  const about = (texts: string[]) => topKeywords(texts.join('\n')).filter((w) => CJK.test(w) === chinese);
  const topics = (about(said).length > 0 ? about(said) : about(input.turns.map((t) => t.content))).slice(0, 3);
  if (topics.length === 0) return [];
  return distinct([clip(chinese ? `聊到了${topics.join('、')}` : `Talked about ${topics.join(', ')}`)], input.known);
}

/**
 * One to three short facts worth remembering from the last turns (each at most CHAT_MEMORY_MAX
 * characters), none repeating a `known` memory (ignoring case). Never throws: when the model fails,
 * is slow (20 s), answers nothing new or the caller aborts, it answers with the offline memories.
 * It answers [] only when there is nothing new to remember.
 */
export async function summarizeTurns(model: ChatModel, input: { persona: string; agentName: string; turns: Turn[]; known: string[] }, signal?: AbortSignal): Promise<string[]> {
  if (model.engine === OFFLINE_CHAT_ENGINE) return offlineMemories(input);
  const known = input.known.slice(-20).map((m) => `- ${m.slice(0, 200)}`);
  const messages: ChatMessage[] = [
    {
      role: 'system',
      content:
        `You keep notes on a chat between a user and ${input.agentName}. Write at most three short facts worth remembering ` +
        `about the user and the conversation, in the third person (e.g. "The user's name is Mia", "The user is learning guitar"), ` +
        'one per line, with no numbering and no quotes, in the same language as the user.' +
        (known.length > 0 ? `\n\nAlready known, do not repeat:\n${known.join('\n')}` : '') +
        (input.persona.trim() ? `\n\n${input.agentName}:\n${input.persona.trim().slice(0, 1_000)}` : ''),
    },
    { role: 'user', content: transcript(input.turns, { user: 'User', assistant: input.agentName }, MEMORY_BUDGET_CHARS) },
  ];
  try {
    const lines = await askForLines(model, messages, { maxTokens: 200, temperature: 0.3 }, MEMORY_TIMEOUT_MS, signal);
    const memories = distinct(lines.map(clip), input.known).slice(0, MEMORY_COUNT);
    if (memories.length > 0) return memories;
  } catch {
    // the offline memories below stand in
  }
  return offlineMemories(input);
}
