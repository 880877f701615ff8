import type { Theme } from '../platform/native-bridge';

/** SPEC §3 environment: light unless the native app says otherwise. */
export const DEFAULT_THEME: Theme = 'light';

/** Applies a theme live as <html data-theme> (SPEC §4). */
export function applyTheme(theme: Theme): void {
  document.documentElement.dataset.theme = theme;
}
