import type { SongGenre } from '@starlit/contract';
import { z } from 'zod';
import type { ChatModel } from '../chat/chat-model.ts';
import { OFFLINE_CHAT_ENGINE } from '../chat/index.ts';
import { seededRandom } from '../random.ts';
import { templateLyrics } from './lyric-templates.ts';

export type SongLang = 'en_US' | 'zh_TW';
// the genres are the contract's: the task form offers them
export { SONG_GENRES, type SongGenre } from '@starlit/contract';

export interface LyricSection {
  kind: 'verse' | 'chorus' | 'bridge';
  lines: string[];
}

/** A song's words: at least verse, chorus, verse, chorus. */
export interface Lyrics {
  title: string;
  sections: LyricSection[];
}

export interface LyricsRequest {
  description: string;
  introduction: string;
  agent: { name: string; persona: string };
  genre: SongGenre;
  lang: SongLang;
  seed: number;
}

export interface LyricsWriter {
  readonly engine: string;
  write(req: LyricsRequest, signal?: AbortSignal): Promise<Lyrics>;
}

/** The lyrics could not be written: the model failed or answered something that is not a song. */
export class LyricsError extends Error {}

/** Name of the offline lyricist, shown on every song it writes. */
export const TEMPLATE_LYRICS_ENGINE = 'Starlit template lyricist (offline)';

// A sung line longer than this cannot fit its two or four bars; a longer answer is not lyrics.
const MAX_LINE_CHARS = { en_US: 60, zh_TW: 20 } as const;
const MAX_LINES_PER_SECTION = 8;
const MAX_SECTIONS = 8;

const answerSchema = z.object({
  title: z.string().trim().min(1).max(80),
  sections: z
    .array(
      z.object({
        kind: z
          .string()
          .trim()
          .toLowerCase()
          .pipe(z.enum(['verse', 'chorus', 'bridge'])),
        lines: z.array(z.string()).min(1),
      }),
    )
    .min(2),
});

/**
 * Tidies lyrics and checks they make a song: lines trimmed and cut at a phrase's length, empty
 * ones dropped, and at least two verses and a chorus. A model that wrote the chorus once (as
 * lyric sheets often do) has it sung again after the second verse.
 */
export function normalizeLyrics(raw: Lyrics, lang: SongLang): Lyrics {
  const sections = raw.sections
    .slice(0, MAX_SECTIONS)
    .map((s) => ({
      kind: s.kind,
      lines: s.lines
        .map((line) => line.replace(/\s+/g, ' ').trim().slice(0, MAX_LINE_CHARS[lang]))
        .filter((line) => /[\p{L}\p{N}]/u.test(line))
        .slice(0, MAX_LINES_PER_SECTION),
    }))
    .filter((s) => s.lines.length > 0);
  const chorus = sections.find((s) => s.kind === 'chorus');
  if (!chorus || sections.filter((s) => s.kind === 'verse').length < 2) throw new LyricsError('the lyrics need two verses and a chorus');
  const lastVerse = sections.findLastIndex((s) => s.kind === 'verse');
  if (!sections.slice(lastVerse).some((s) => s.kind === 'chorus')) sections.splice(lastVerse + 1, 0, { kind: 'chorus', lines: [...chorus.lines] });
  return { title: raw.title.trim(), sections };
}

/**
 * The JSON object inside a model's answer: models wrap it in prose or a ``` fence, or leave a
 * trailing comma, so the text from the first `{` to the last `}` is read, commas before a
 * closing bracket forgiven. Null when there is no object to read.
 */
export function parseLenientJson(text: string): unknown {
  const from = text.indexOf('{');
  const to = text.lastIndexOf('}');
  if (from < 0 || to <= from) return null;
  const body = text.slice(from, to + 1);
  for (const candidate of [body, body.replace(/,\s*([}\]])/g, '$1')]) {
    try {
      return JSON.parse(candidate);
    } catch {
      // the next candidate forgives more
    }
  }
  return null;
}

const LANGUAGE_NAMES = { en_US: 'English', zh_TW: 'Traditional Chinese (繁體中文, as written in Taiwan)' } as const;

function lyricsPrompt(req: LyricsRequest) {
  const lineRule = req.lang === 'zh_TW' ? 'each line 5 to 12 Chinese characters' : 'each line 4 to 10 words, easy to sing';
  const system = [
    `You are ${req.agent.name}, a songwriter. ${req.agent.persona}`.trim(),
    `Write the lyrics of a short ${req.genre} song in ${LANGUAGE_NAMES[req.lang]}.`,
    `Structure: verse, chorus, verse, chorus (a bridge before the last chorus is allowed); 4 lines per section, ${lineRule}. The second chorus repeats the first.`,
    'Answer with strict JSON only, no prose and no code fence, exactly this shape:',
    '{"title":"…","sections":[{"kind":"verse","lines":["…"]},{"kind":"chorus","lines":["…"]}]}',
  ].join('\n');
  const user = [`What the song is about: ${req.description}`, req.introduction ? `About the singer: ${req.introduction}` : ''].filter(Boolean).join('\n');
  return [
    { role: 'system' as const, content: system },
    { role: 'user' as const, content: user },
  ];
}

/**
 * Lyrics from a chat model: asks for strict JSON, reads the answer leniently and validates it
 * with zod. Throws {@link LyricsError} when the model fails or its answer is not a song; an
 * abort passes through as the signal's reason.
 */
export function chatLyricsWriter(model: ChatModel): LyricsWriter {
  return {
    engine: model.engine,
    async write(req, signal) {
      let answer = '';
      try {
        for await (const chunk of model.stream(lyricsPrompt(req), { maxTokens: 900, temperature: 0.9, persona: req.agent.persona, agentName: req.agent.name }, signal)) {
          answer += chunk.text;
        }
      } catch (err) {
        if (signal?.aborted) throw signal.reason;
        throw new LyricsError(`the lyrics model failed: ${(err as Error).message}`, { cause: err });
      }
      const parsed = answerSchema.safeParse(parseLenientJson(answer));
      if (!parsed.success) throw new LyricsError(`the lyrics model did not answer with lyrics: ${answer.slice(0, 160)}`);
      return normalizeLyrics(parsed.data, req.lang);
    },
  };
}

/** Offline lyrics from templates filled with the request's own words; the same seed writes the same song. */
export function templateLyricsWriter(): LyricsWriter {
  return {
    engine: TEMPLATE_LYRICS_ENGINE,
    async write(req, signal) {
      signal?.throwIfAborted();
      return normalizeLyrics(templateLyrics(req, seededRandom(`lyrics:${req.seed}`)), req.lang);
    },
  };
}

/** The chat model's lyricist when a language model is connected, otherwise the offline one. */
export function createLyricsWriter(model: ChatModel): LyricsWriter {
  return model.engine === OFFLINE_CHAT_ENGINE ? templateLyricsWriter() : chatLyricsWriter(model);
}
