import type { ChatModel } from './chat-model.ts';
import { offlineChat } from './offline.ts';
import { openAiCompatibleChat } from './openai-compatible.ts';

export type { ChatChunk, ChatMessage, ChatModel, ChatOptions, ChatStreamFailure } from './chat-model.ts';
export { ChatStreamError } from './chat-model.ts';
export { OFFLINE_CHAT_ENGINE } from './offline.ts';
export { OPENAI_CHAT_ENGINE } from './openai-compatible.ts';

/** The chat part of the server settings (LLM_BASE_URL, LLM_API_KEY, LLM_MODEL). */
export interface ChatSettings {
  baseUrl?: string;
  apiKey?: string;
  model?: string;
  /** Milliseconds between the offline engine's words; 0 streams them as fast as it can. */
  offlineTokenMs?: number;
}

/** The OpenAI-compatible adapter when a provider is configured, otherwise the offline engine. */
export function createChatModel(settings: ChatSettings): ChatModel {
  if (!settings.baseUrl) return offlineChat(settings.offlineTokenMs);
  // local servers (Ollama, llama.cpp) need no key and serve whatever model is loaded
  return openAiCompatibleChat({ baseUrl: settings.baseUrl, apiKey: settings.apiKey || null, model: settings.model || 'default' });
}
