import { useEffect } from 'react';
import { changeLanguage } from '../i18n/i18n';
import { subscribeToBridge } from '../platform/native-bridge';
import { applyTheme } from './theme';

/** Inside the native app, applies the theme and language it pushes, live (SPEC §4). */
export function useNativeBridge(): void {
  useEffect(
    () =>
      subscribeToBridge(({ theme, language }) => {
        if (theme) applyTheme(theme);
        if (language) void changeLanguage(language);
      }),
    [],
  );
}
