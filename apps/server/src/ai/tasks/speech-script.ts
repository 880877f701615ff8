import type { Language } from '@starlit/contract';
import type { ChatModel } from '../chat/chat-model.ts';
import { OFFLINE_CHAT_ENGINE } from '../chat/offline.ts';
import { isChinese } from '../chat/offline-voice.ts';
import { TEMPLATE_WRITER_ENGINE } from '../comic/template-writer.ts';
import { sentencesOf } from '../subtitles/webvtt.ts';
import type { TaskStar } from './task-run.ts';

/** What a spoken piece is written from. */
export interface SpeechScriptRequest {
  description: string;
  introduction: string;
  star: Pick<TaskStar, 'name' | 'persona' | 'greeting'>;
  lang: Language;
}

/** Writes the words an agent speaks in a text_to_speech task. */
export interface SpeechWriter {
  readonly engine: string;
  write(request: SpeechScriptRequest, signal?: AbortSignal): Promise<string>;
}

/** The most a spoken piece holds: about a minute of speech. */
const MAX_CHARS = { en_US: 900, zh_TW: 320 } as const;

/** The text cut at a sentence end within `max` characters. */
function fitted(text: string, max: number): string {
  const out: string[] = [];
  let length = 0;
  for (const sentence of sentencesOf(text)) {
    if (length + sentence.length > max && out.length > 0) break;
    out.push(sentence);
    length += sentence.length + 1;
  }
  return out.join(' ').slice(0, max);
}

/**
 * The language model writes a short monologue in the agent's own voice about what the person
 * described; only the spoken words are kept (no stage directions, no quotes around them).
 */
export function chatSpeechWriter(model: ChatModel): SpeechWriter {
  return {
    engine: model.engine,
    async write(request, signal) {
      const zh = request.lang === 'zh_TW';
      const system = [
        `You are ${request.star.name}. ${request.star.persona}`.trim(),
        zh
          ? '用繁體中文寫一段 100 到 250 字的獨白，用第一人稱、你自己的語氣說出來。只寫要說的話，不要舞台指示、標題或引號。'
          : 'Write a spoken monologue of 80 to 150 words, in the first person and in your own voice. Only the words to be said: no stage directions, titles or quotes.',
      ].join('\n');
      const user = `${zh ? '主題' : 'Topic'}: ${request.description}\n${zh ? '背景' : 'Background'}: ${request.introduction}`;
      let text = '';
      for await (const chunk of model.stream(
        [
          { role: 'system', content: system },
          { role: 'user', content: user },
        ],
        { maxTokens: 400, temperature: 0.8, persona: request.star.persona, agentName: request.star.name },
        signal,
      )) {
        text += chunk.text;
      }
      const spoken = fitted(
        text
          .replace(/\*[^*]*\*|\([^)]*\)|（[^）]*）/g, ' ')
          .replace(/\s+/g, ' ')
          .trim(),
        MAX_CHARS[request.lang],
      );
      if (sentencesOf(spoken).length === 0) throw new Error('the language model wrote nothing to speak');
      return spoken;
    },
  };
}

/**
 * Offline: the agent greets, says what the piece is about and tells the introduction, in its
 * own opening words where it has them. Labelled as the template writer wherever it shows.
 */
export function templateSpeechWriter(): SpeechWriter {
  return {
    engine: TEMPLATE_WRITER_ENGINE,
    async write(request) {
      const zh = request.lang === 'zh_TW';
      const { name, greeting } = request.star;
      // the agent's opening sentences in the piece's language (an opening may mix two), a stock hello without one
      const own = sentencesOf(greeting).filter((s) => isChinese(s) === zh);
      const open = own.length > 0 ? own.join(zh ? '' : ' ') : zh ? `大家好，我是${name}。` : `Hello, I'm ${name}.`;
      const about = zh ? `今天我想說說：${request.description.trim()}` : `Today I want to talk about ${request.description.trim().replace(/[.!?]+$/, '')}.`;
      const close = zh ? '謝謝你聽我說，我們下次見！' : 'Thank you for listening, see you next time!';
      const text = [open, about, request.introduction.trim(), close].filter(Boolean).join(zh ? '' : ' ');
      return fitted(text, MAX_CHARS[request.lang]);
    },
  };
}

/** The language model when one is connected, the template writer otherwise. */
export function createSpeechWriter(model: ChatModel): SpeechWriter {
  return model.engine === OFFLINE_CHAT_ENGINE ? templateSpeechWriter() : chatSpeechWriter(model);
}
