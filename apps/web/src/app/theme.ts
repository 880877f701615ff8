import type { Theme } from '../platform/native-bridge';

/** SPEC §3 environment: light unless the native app says otherwise. */
const DEFAULT_THEME: Theme = 'light';

/** Applies a theme live as <html data-theme> (SPEC §4); the element is a parameter so tests need no DOM. */
export function applyTheme(theme: Theme = DEFAULT_THEME, html: Pick<HTMLElement, 'dataset'> = document.documentElement): void {
  html.dataset.theme = theme;
}
