// What the bench's client and fake provider agree on: stream markers and numbered tokens.
export const TOKEN_INTERVAL_MS = 20;

/** Which stream a provider request belongs to: the client puts this marker in the user message. */
export const marker = (id: string) => `[bench ${id}]`;
export const MARKER = /\[bench ([\w-]+)\]/;
/** Every token names its index, so the client can match it with the provider's send time. */
export const tokenText = (i: number) => `t${i} `;
export const TOKEN = /t(\d+) /g;
