import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GIFT_NAMES, LIVE_TALK, type GiftKey, type Language, type LiveEvent, type LiveMood } from '@starlit/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { ChatModel } from '../../ai/chat/index.ts';
import type { SpeechModel, SpeechVoice } from '../../ai/speech/speech-model.ts';
import { espeakVoiceIn } from '../../ai/speech/voice-language.ts';
import { audioSeconds } from '../../ai/video/audio-length.ts';
import type { Db } from '../../db/client.ts';
import type { Storage } from '../../platform/storage.ts';
import type { AgentRow } from '../agents/agents.repository.ts';
import type { LiveLog } from './live-log.ts';
import { LIVE_FOLDER, liveRepository, type EventWithPerson, type LiveShowRow, type PersonRow } from './live.repository.ts';

/** Tokens asked of the chat model for one answer on stage: a line or two. */
const ANSWER_TOKENS = 120;
/** A pause after each line before the agent speaks again. */
const BREATH_MS = 600;
/** Messages and gifts read for one turn. */
const PENDING_READ = 50;

const CJK = /[\u3400-\u9fff\uf900-\ufaff]/;
export const languageOf = (text: string): Language => (CJK.test(text) ? 'zh_TW' : 'en_US');

type Chat = EventWithPerson;

/**
 * Which message the agent answers when several wait (docs/live.md, Choosing a message): one that
 * names the agent counts 4, a question 3, one from someone who gave a gift in this show 2; one of
 * a single character counts −2. The highest wins, the newest among equals: a lively room hears
 * its latest question.
 */
export function pickMessage(chats: Chat[], agentName: string, givers: Set<string>): Chat | null {
  let best: { chat: Chat; score: number } | null = null;
  const name = agentName.trim().toLowerCase();
  for (const chat of chats) {
    const text = String(chat.event.body.text ?? '');
    const lower = text.toLowerCase();
    let score = 0;
    if ((name && lower.includes(name)) || lower.includes('@')) score += 4;
    if (/[?？]|^(what|why|how|who|where|when|can|do|does|are|is|will)\b|嗎|什麼|為什麼|怎麼|呢/.test(lower)) score += 3;
    if (chat.user && givers.has(chat.user.userId)) score += 2;
    if ([...text.trim()].length <= 1) score -= 2;
    if (!best || score >= best.score) best = { chat, score };
  }
  return best?.chat ?? null;
}

const MOODS: Array<[LiveMood, RegExp]> = [
  ['angry', /\b(angry|hate|annoy|furious)\b|生氣|討厭|氣死/i],
  ['sad', /\b(sad|sorry|miss|cry|lonely)\b|難過|抱歉|傷心|想念|哭/i],
  ['surprised', /\b(wow|whoa|really|amazing|incredible)\b|哇|真的嗎|驚訝|竟然/i],
  ['happy', /\b(happy|glad|love|great|thank|yay|haha|fun|welcome)\b|開心|喜歡|謝謝|哈哈|歡迎|太好了|[!！]/i],
  ['relaxed', /\b(calm|relax|peace|cozy|gentle)\b|放鬆|平靜|舒服|慢慢/i],
];

/** The face a line is said with: the first tone its words show, else neutral. */
export function moodOf(text: string): LiveMood {
  return MOODS.find(([, words]) => words.test(text))?.[0] ?? 'neutral';
}

const joinNames = (names: string[], more: number, lang: Language) => {
  if (lang === 'zh_TW') return names.join('、') + (more > 0 ? ` 和其他 ${more} 位` : '');
  const all = more > 0 ? [...names, `${more} more`] : names;
  return all.length <= 1 ? all.join('') : `${all.slice(0, -1).join(', ')} and ${all[all.length - 1]}`;
};

/** The greeting line with the names in it: the owner's line (`{name}` where the names go), or the default one. */
export function greetingLine(template: string, names: string[], more: number, lang: Language): string {
  const who = joinNames(names, more, lang);
  const line = template.trim() || (lang === 'zh_TW' ? '歡迎 {name} 來到我的直播！' : 'Welcome to my live show, {name}!');
  if (line.includes('{name}')) return line.replaceAll('{name}', who);
  return lang === 'zh_TW' ? `嗨 ${who}！${line}` : `Hi ${who}! ${line}`;
}

type GiftBody = { giftKey: z.infer<typeof GiftKey>; count: number };

/** Thanks for the gifts that came since the last thanks, each giver by name. */
export function thanksLine(gifts: Array<{ user: PersonRow | null; body: GiftBody }>, lang: Language): string {
  const byGiver = new Map<string, { name: string; gifts: Map<string, number> }>();
  for (const g of gifts) {
    const id = g.user?.userId ?? '';
    const entry = byGiver.get(id) ?? { name: g.user?.userName || (lang === 'zh_TW' ? '朋友' : 'friend'), gifts: new Map() };
    entry.gifts.set(g.body.giftKey, (entry.gifts.get(g.body.giftKey) ?? 0) + g.body.count);
    byGiver.set(id, entry);
  }
  const parts = [...byGiver.values()].slice(0, 3).map(({ name, gifts: given }) => {
    const what = [...given].map(([key, n]) =>
      lang === 'zh_TW' ? `${n} 個${GIFT_NAMES[key as GiftBody['giftKey']].zh_TW}` : `${n} ${GIFT_NAMES[key as GiftBody['giftKey']].en_US}${n > 1 ? 's' : ''}`,
    );
    return lang === 'zh_TW' ? `謝謝 ${name} 送的 ${what.join('、').trimStart()}` : `Thank you ${name} for the ${what.join(' and ')}`;
  });
  const more = byGiver.size - parts.length;
  if (more > 0) parts.push(lang === 'zh_TW' ? `也謝謝其他 ${more} 位朋友` : `and thanks to ${more} more of you`);
  return `${parts.join(lang === 'zh_TW' ? '，' : '; ')}${lang === 'zh_TW' ? '！' : '!'}`;
}

export interface LiveTalkDeps {
  db: Db;
  chatModel: ChatModel;
  speech: SpeechModel;
  storage: Storage;
  events: LiveLog;
  agent(agentId: string): Promise<AgentRow | null>;
  voice(agent: AgentRow, lang: Language): Promise<SpeechVoice>;
  log: FastifyBaseLogger;
}

/** A line to say; for an answer, `text` is the message answered and `who` its sender. */
type Line = { reason: 'answer' | 'greet' | 'thanks'; text: string; lang: Language; replyTo: number | null; who?: string };

/**
 * The agent's side of a show (docs/live.md, The agent talks). One turn says one line: thanks for
 * the gifts since the last thanks first, then a greeting of the people who came (at most every
 * `LIVE_TALK.greetEveryMs`), then an answer to one message of the last `answerWindowMs`
 * (`pickMessage`). What a turn takes up is marked before the slow work, so a turn that fails
 * is not said twice. The line is spoken with the agent's voice; the next turn waits until it ends.
 */
export function liveTalk(deps: LiveTalkDeps) {
  async function speak(showId: string, agent: AgentRow, line: Line, signal: AbortSignal): Promise<{ audio: string | null; seconds: number }> {
    const estimate = Math.max(1.5, [...line.text].length / (line.lang === 'zh_TW' ? 4 : 14));
    try {
      const voice = await deps.voice(agent, line.lang);
      const spoken = voice.engineParams.engine === 'espeak-ng' ? { ...voice, engineParams: espeakVoiceIn(voice.engineParams, line.lang) } : voice;
      const result = await deps.speech.synthesize(line.text, spoken, signal);
      const ext = result.contentType === 'audio/mpeg' ? 'mp3' : 'wav';
      const dir = await mkdtemp(join(tmpdir(), 'starlit-line-'));
      let seconds = estimate;
      try {
        const file = join(dir, `line.${ext}`);
        await writeFile(file, result.audio);
        seconds = await audioSeconds(result.audio, file, signal);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
      const audio = await deps.storage.put(`${LIVE_FOLDER}${showId}/${randomUUID()}.${ext}`, result.audio, result.contentType);
      return { audio, seconds };
    } catch (err) {
      if (signal.aborted) throw err;
      deps.log.warn({ err, showId, reason: line.reason }, 'live line not spoken');
      return { audio: null, seconds: estimate };
    }
  }

  async function answer(show: LiveShowRow, agent: AgentRow, line: Line, signal: AbortSignal): Promise<string | null> {
    const { text } = line;
    const who = line.who || 'someone';
    const persona = [agent.roleSetting, agent.roleIntro].filter((t) => t.trim()).join('\n');
    const system = [
      persona,
      `You are ${agent.nickname}, performing live on stage in a show called "${show.title}". ${who} in the audience wrote to you. Answer them by name in one or two short, lively sentences, in the language they wrote in. Stay in character.`,
    ]
      .filter(Boolean)
      .join('\n\n');
    try {
      let reply = '';
      for await (const chunk of deps.chatModel.stream(
        [
          { role: 'system', content: system },
          { role: 'user', content: `${who}: ${text}` },
        ],
        { maxTokens: ANSWER_TOKENS, persona, agentName: agent.nickname },
        signal,
      )) {
        reply += chunk.text;
      }
      return reply.trim() || null;
    } catch (err) {
      if (signal.aborted) throw err;
      deps.log.warn({ err, showId: show.id }, 'live answer not written');
      return null;
    }
  }

  /** Picks this turn's line and marks what it takes up, in one transaction; null when there is nothing to say. */
  async function choose(showId: string, agentName: string, now: Date): Promise<{ show: LiveShowRow; line: Line } | null> {
    return deps.db.transaction(async (tx) => {
      const r = liveRepository(tx);
      const show = await r.lock(showId);
      if (show?.state !== 'live') return null;
      const showLang = languageOf(`${show.title} ${show.greeting}`);
      const gifts = await r.pending(showId, 'gift', show.thankedSeq, new Date(now.getTime() - 5 * 60_000), PENDING_READ);
      if (gifts.length > 0) {
        await r.update(showId, { thankedSeq: gifts[gifts.length - 1].event.seq });
        const text = thanksLine(
          gifts.map((g) => ({ user: g.user, body: g.event.body as GiftBody })),
          showLang,
        );
        return { show, line: { reason: 'thanks', text, lang: showLang, replyTo: null } };
      }
      const greetDue = !show.greetedAt || now.getTime() - show.greetedAt.getTime() >= LIVE_TALK.greetEveryMs;
      if (greetDue) {
        const arrivals = await r.ungreeted(showId, PENDING_READ);
        if (arrivals.length > 0) {
          await r.markGreeted(
            showId,
            arrivals.map((a) => a.userId),
          );
          await r.update(showId, { greetedAt: now });
          const shown = arrivals.slice(0, LIVE_TALK.greetNames).map((a) => a.userName);
          const text = greetingLine(show.greeting, shown, arrivals.length - shown.length, showLang);
          return { show, line: { reason: 'greet', text, lang: showLang, replyTo: null } };
        }
      }
      const chats = await r.pending(showId, 'chat', show.answeredSeq, new Date(now.getTime() - LIVE_TALK.answerWindowMs), PENDING_READ);
      if (chats.length === 0) return null;
      await r.update(showId, { answeredSeq: chats[chats.length - 1].event.seq });
      const givers = new Set((await r.board(showId, 100)).map((g) => g.user.userId));
      const picked = pickMessage(chats, agentName, givers);
      if (!picked) return null;
      const text = String(picked.event.body.text ?? '');
      return { show, line: { reason: 'answer', text, lang: languageOf(text), replyTo: picked.event.seq, who: picked.user?.userName } };
    });
  }

  return {
    /**
     * One turn. Answers how long until the next one may start (the line being said), or null
     * when the agent had nothing to say.
     */
    async turn(showId: string, signal: AbortSignal): Promise<number | null> {
      const now = new Date();
      const current = await liveRepository(deps.db).byId(showId);
      if (current?.state !== 'live') return null;
      if (current.speakingUntil && current.speakingUntil > now) return current.speakingUntil.getTime() - now.getTime();
      // read before the transaction: on PGlite a read beside an open transaction waits for ever
      const agent = await deps.agent(current.agentId);
      if (!agent) return null;
      const chosen = await choose(showId, agent.nickname, now);
      if (!chosen) return null;
      const { show, line } = chosen;
      let text = line.text;
      if (line.reason === 'answer') {
        const replied = await answer(show, agent, line, signal);
        if (!replied) return 0;
        text = replied;
      }
      const spoken = await speak(showId, agent, { ...line, text }, signal);
      const until = new Date(Date.now() + spoken.seconds * 1000 + BREATH_MS);
      const body: Omit<Extract<LiveEvent, { kind: 'agent' }>, 'seq' | 'at' | 'kind'> = {
        reason: line.reason,
        text,
        audio: spoken.audio,
        mood: line.reason === 'answer' ? moodOf(text) : 'happy',
        replyTo: line.replyTo,
        // SPEC: a greeting that cannot be said is told to the owner as "Greeting failed"
        failed: line.reason === 'greet' && spoken.audio === null,
      };
      await deps.events.commit(showId, async (tx) => {
        const r = liveRepository(tx);
        const locked = await r.lock(showId);
        // a turn past its time stops here: the next turn may be speaking already
        signal.throwIfAborted();
        if (locked?.state !== 'live') return { result: null, events: [] };
        // the owner deleted the message while the answer was being written: it is not said
        if (line.replyTo !== null && (await r.event(showId, line.replyTo))?.deleted) return { result: null, events: [] };
        await r.update(showId, { speakingUntil: until });
        return { result: null, events: [await deps.events.add(tx, showId, { kind: 'agent', user: null, body: body as Record<string, unknown> })] };
      });
      return until.getTime() - Date.now();
    },

    /**
     * When the agent's next turn has something to say, in milliseconds from now (0: at once), by
     * the rules `choose` follows: gifts not thanked and messages not considered wait for nothing,
     * people not greeted for the next greeting's time. Null when nothing waits, the show is over,
     * or its agent is out of sight (the sweep ends that show).
     */
    async nextTurnIn(showId: string): Promise<number | null> {
      const r = liveRepository(deps.db);
      const show = await r.byId(showId);
      if (show?.state !== 'live') return null;
      const agent = await deps.agent(show.agentId);
      if (!agent?.isPublic || !agent.publishedAt) return null;
      const now = Date.now();
      if ((await r.pending(showId, 'gift', show.thankedSeq, new Date(now - 5 * 60_000), 1)).length > 0) return 0;
      if ((await r.pending(showId, 'chat', show.answeredSeq, new Date(now - LIVE_TALK.answerWindowMs), 1)).length > 0) return 0;
      if ((await r.ungreeted(showId, 1)).length === 0) return null;
      return show.greetedAt ? Math.max(0, show.greetedAt.getTime() + LIVE_TALK.greetEveryMs - now) : 0;
    },
  };
}

export type LiveTalk = ReturnType<typeof liveTalk>;
