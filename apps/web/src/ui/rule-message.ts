import { isMessageKey, message } from '@starlit/contract';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../i18n/i18n';

/** Translates a contract rule key (SPEC §5) in the current language; other texts pass through. */
export function useRuleMessage(): (key: string) => string {
  // subscribing to i18n re-renders the caller when the language changes
  useTranslation();
  return (key) => (isMessageKey(key) ? message(key, currentLanguage()) : key);
}
