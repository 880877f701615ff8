/** One turn of the prompt, in the roles every OpenAI-compatible provider understands. */
export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** A piece of the reply as it streams. */
export interface ChatChunk {
  text: string;
}

export interface ChatOptions {
  maxTokens?: number;
  temperature?: number;
  /**
   * The agent's own texts (role setting and intro). A model reads the whole prompt; the offline
   * engine answers from these alone, so it never quotes the template's instructions back.
   */
  persona?: string;
  /** The agent's name, so the offline engine knows who its texts speak about ("Mira is…", "{{char}} is…"). */
  agentName?: string;
}

export type ChatStreamFailure = 'unreachable' | 'provider-error' | 'refused' | 'connection-lost' | 'malformed';

/**
 * Why a reply failed. `afterFirstToken` tells the caller whether part of the reply already
 * arrived: the chat room keeps that part and marks the reply failed instead of discarding it.
 */
export class ChatStreamError extends Error {
  constructor(
    message: string,
    readonly reason: ChatStreamFailure,
    readonly afterFirstToken: boolean,
  ) {
    super(message);
    this.name = 'ChatStreamError';
  }
}

/** Text generation (ARCHITECTURE §5): an OpenAI-compatible adapter, and an offline engine. */
export interface ChatModel {
  /** A name people can read; the UI shows it, e.g. to say the offline engine answered. */
  readonly engine: string;
  stream(messages: ChatMessage[], options: ChatOptions, signal?: AbortSignal): AsyncIterable<ChatChunk>;
}
