import { LANGUAGES, type Language } from '@starlit/contract';

/** The native app's WebView marks its user agent with this token. */
const NATIVE_UA_MARKER = /StarlitApp\//i;

/** Event the native app dispatches on window to push environment changes (SPEC §4). */
export const BRIDGE_EVENT = 'starlit:bridge';

export type Theme = 'light' | 'dark';

export interface BridgeMessage {
  theme?: Theme;
  language?: Language;
}

/** Whether the page runs inside the native app. */
export function isInNativeApp(userAgent: string = navigator.userAgent): boolean {
  return NATIVE_UA_MARKER.test(userAgent);
}

/** Paths whose header bar the native app hides because it draws its own (SPEC §2). */
const NATIVE_HEADERLESS_PREFIXES = ['/activity', '/rule', '/vote', '/live', '/best7'];

/** Whether the header bar is hidden for a route path inside the native app. */
export function isHeaderHiddenInNativeApp(pathname: string): boolean {
  return NATIVE_HEADERLESS_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`) || pathname.startsWith(`${prefix}-`));
}

function parseBridgeMessage(detail: unknown): BridgeMessage {
  if (typeof detail !== 'object' || detail === null) return {};
  const message: BridgeMessage = {};
  const theme = 'theme' in detail ? detail.theme : undefined;
  const language = 'language' in detail ? detail.language : undefined;
  if (theme === 'light' || theme === 'dark') message.theme = theme;
  const known = LANGUAGES.find((lng) => lng === language);
  if (known) message.language = known;
  return message;
}

/** Listens for theme and language pushed by the native app; answers the unsubscribe function. */
export function subscribeToBridge(onMessage: (message: BridgeMessage) => void): () => void {
  const listener = (event: Event) => {
    if (event instanceof CustomEvent) onMessage(parseBridgeMessage(event.detail));
  };
  window.addEventListener(BRIDGE_EVENT, listener);
  return () => window.removeEventListener(BRIDGE_EVENT, listener);
}
