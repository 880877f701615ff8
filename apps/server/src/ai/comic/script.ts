import type { ChatMessage, ChatModel } from '../chat/chat-model.ts';
import { OFFLINE_CHAT_ENGINE } from '../chat/index.ts';
import { extractJson, LINE_LIMIT, MAX_LINES, MAX_PANELS, MIN_PANELS, NARRATION_LIMIT, normalizeScript, type ScriptRequest, type ScriptWriter } from './comic-script.ts';
import { templateScriptWriter } from './template-writer.ts';

export * from './comic-script.ts';
export { TEMPLATE_WRITER_ENGINE, templateScriptWriter } from './template-writer.ts';

/** The instructions: the JSON shape, the limits, the language, and the agent's own texts to keep it in character. */
export function scriptMessages(req: ScriptRequest): ChatMessage[] {
  const zh = req.lang === 'zh_TW';
  const { name } = req.agent;
  const system = [
    `You write one short comic page starring ${name}.`,
    `Who ${name} is, in their own texts:\n${req.agent.persona.trim() || name}`,
    req.agent.greeting.trim() ? `${name} greets people like this: ${req.agent.greeting.trim()}` : '',
    `Answer with JSON only, no prose, in exactly this shape:
{"title": "…", "panels": [{"scene": "…", "lines": [{"speaker": "…", "text": "…"}], "narration": "…"}]}
Rules:
- ${MIN_PANELS} to ${MAX_PANELS} panels that tell one story with a beginning, a turn and an ending.
- "scene": one sentence in English for the illustrator: what ${name} does and where, in the ${req.scene}. Always name ${name}.
- "lines": 0 to ${MAX_LINES} spoken lines per panel; "speaker" is who says it (mostly ${name}); each "text" at most ${zh ? `${LINE_LIMIT.zh_TW} Chinese characters` : `${LINE_LIMIT.en_US} characters`}.
- "narration": a caption of at most ${zh ? `${NARRATION_LIMIT.zh_TW} Chinese characters` : `${NARRATION_LIMIT.en_US} characters`}, or "".
- Write "title", "lines" and "narration" in ${zh ? 'Traditional Chinese (繁體中文)' : 'English'}; ${name} speaks in their own voice.`,
  ];
  const user = [`The comic is about: ${req.description.trim()}`, req.introduction.trim() ? `More about it: ${req.introduction.trim()}` : '', `Place: ${req.scene}`];
  return [
    { role: 'system', content: system.filter(Boolean).join('\n\n') },
    { role: 'user', content: user.filter(Boolean).join('\n') },
  ];
}

/**
 * A script written by a language model: the reply is streamed and collected, then parsed
 * leniently (fenced or wrapped in prose) and checked. A provider failure reaches the caller as
 * the chat model's ChatStreamError; an unusable answer as ComicScriptError. The seed is not
 * sent: OpenAI-compatible providers differ on whether they honour one.
 */
export function chatScriptWriter(model: ChatModel): ScriptWriter {
  return {
    engine: model.engine,
    async write(req, signal) {
      let answer = '';
      for await (const chunk of model.stream(scriptMessages(req), { maxTokens: 1600, temperature: 0.9, persona: req.agent.persona, agentName: req.agent.name }, signal)) {
        answer += chunk.text;
      }
      return normalizeScript(extractJson(answer), req.lang, req.agent.name);
    },
  };
}

/** The template writer when no language model is connected (its answers would not be JSON), else the model. */
export function createScriptWriter(model: ChatModel): ScriptWriter {
  return model.engine === OFFLINE_CHAT_ENGINE ? templateScriptWriter() : chatScriptWriter(model);
}
