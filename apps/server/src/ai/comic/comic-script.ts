import { z } from 'zod';
import { isChinese } from '../chat/offline-voice.ts';
import { charCount, shorten, squash } from './text-fit.ts';

export type ComicLang = 'en_US' | 'zh_TW';
export interface ComicLine {
  speaker: string;
  text: string;
}
export interface ComicPanel {
  /** What the picture shows, in English (image engines read English best), naming the agent. */
  scene: string;
  /** At most MAX_LINES spoken lines, each at most LINE_LIMIT characters. */
  lines: ComicLine[];
  /** The caption box's text; empty when the panel has none. */
  narration: string;
}
/** A comic page's story: MIN_PANELS to MAX_PANELS panels. */
export interface ComicScript {
  title: string;
  panels: ComicPanel[];
}
export interface ScriptRequest {
  /** What the user asked the comic to be about. */
  description: string;
  /** More words from the user about it; may be empty. */
  introduction: string;
  /** persona: the agent's role setting and intro texts. */
  agent: { name: string; persona: string; greeting: string };
  lang: ComicLang;
  /** A short place word: 'city', 'seaside', 'forest', 'school', 'space', 'cafe'… */
  scene: string;
  seed: number;
}
export interface ScriptWriter {
  /** A name people can read; the UI says which writer wrote the comic. */
  readonly engine: string;
  write(req: ScriptRequest, signal?: AbortSignal): Promise<ComicScript>;
}

/** A script the writer could not make usable: no JSON, the wrong shape, too few panels, the wrong language. */
export class ComicScriptError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'ComicScriptError';
  }
}

export const MIN_PANELS = 4;
export const MAX_PANELS = 6;
export const MAX_LINES = 2;
/** Characters per spoken line: what fits a balloon on a panel a quarter of a page wide. */
export const LINE_LIMIT: Record<ComicLang, number> = { en_US: 80, zh_TW: 40 };
export const NARRATION_LIMIT: Record<ComicLang, number> = { en_US: 120, zh_TW: 50 };
export const TITLE_LIMIT: Record<ComicLang, number> = { en_US: 60, zh_TW: 24 };
const SCENE_LIMIT = 300;
const SPEAKER_LIMIT = 40;

// Lenient about what models get wrong harmlessly (missing narration, a number as text); strict about the rest.
const text = z.union([z.string(), z.number()]).transform((v) => squash(String(v)));
const rawScript = z.object({
  title: text,
  panels: z
    .array(
      z.object({
        scene: text.default(''),
        lines: z.array(z.object({ speaker: text.default(''), text: text.default('') })).default([]),
        narration: text.nullish().transform((v) => v ?? ''),
      }),
    )
    .min(1),
});

/** The first JSON object in a model's answer: inside a ```json fence, or between the first `{` and the last `}` of prose. */
export function extractJson(answer: string): unknown {
  const candidates: string[] = [];
  const fence = /```(?:json)?\s*([\s\S]*?)```/i.exec(answer);
  if (fence) candidates.push(fence[1]!);
  const start = answer.indexOf('{');
  const end = answer.lastIndexOf('}');
  if (start >= 0 && end > start) candidates.push(answer.slice(start, end + 1));
  for (const candidate of candidates) {
    // trailing commas are the commonest slip of a model writing JSON by hand
    for (const attempt of [candidate, candidate.replace(/,\s*([}\]])/g, '$1')]) {
      try {
        return JSON.parse(attempt);
      } catch {
        // the next candidate may parse
      }
    }
  }
  throw new ComicScriptError(`the script is not JSON: ${squash(answer).slice(0, 120)}`);
}

/**
 * A parsed answer made into a script the page can letter: texts cut to the limits, at most
 * MAX_LINES lines and MAX_PANELS panels, panels with nothing to read dropped, speakers
 * without a name given the agent's. Throws ComicScriptError when too little is left or the
 * words are in the other language (unless `checkLanguage` is false: the template writer quotes
 * the user's words in whatever language they wrote them).
 */
export function normalizeScript(value: unknown, lang: ComicLang, agentName: string, options: { checkLanguage?: boolean } = {}): ComicScript {
  const parsed = rawScript.safeParse(value);
  if (!parsed.success) throw new ComicScriptError(`the script has the wrong shape: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
  const panels = parsed.data.panels
    .map((p) => ({
      scene: shorten(p.scene || agentName, SCENE_LIMIT),
      lines: p.lines
        .filter((l) => l.text)
        .slice(0, MAX_LINES)
        .map((l) => ({ speaker: shorten(l.speaker || agentName, SPEAKER_LIMIT), text: shorten(l.text, LINE_LIMIT[lang]) })),
      narration: shorten(p.narration, NARRATION_LIMIT[lang]),
    }))
    .filter((p) => p.lines.length > 0 || p.narration)
    .slice(0, MAX_PANELS);
  if (panels.length < MIN_PANELS) throw new ComicScriptError(`the script has ${panels.length} panels with words; a page needs ${MIN_PANELS} to ${MAX_PANELS}`);
  const words = panels.flatMap((p) => [p.narration, ...p.lines.map((l) => l.text)]).join(' ');
  if (options.checkLanguage !== false && isChinese(words) !== (lang === 'zh_TW')) throw new ComicScriptError(`the script is not written in ${lang === 'zh_TW' ? 'Chinese' : 'English'}`);
  const title = shorten(parsed.data.title, TITLE_LIMIT[lang]);
  if (charCount(title) === 0) throw new ComicScriptError('the script has no title');
  return { title, panels };
}
