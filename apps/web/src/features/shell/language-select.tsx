import { LANGUAGES, type Language } from '@starlit/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLanguage, currentLanguage, isLanguage } from '../../i18n/i18n';
import { ChevronDownIcon, GlobeIcon } from '../../ui/icons';

/** Each language is offered in its own name, whatever the current language. */
const LANGUAGE_NAMES: Record<Language, string> = { en_US: 'English', zh_TW: '繁體中文' };

/** Switches the language live (no reload) and remembers it (SPEC §1). Light on dark: it only sits on the brand header. */
export function LanguageSelect() {
  // subscribing re-renders on every language change, so the selected option follows it
  const { t } = useTranslation();
  const id = useId();
  const value = currentLanguage();
  return (
    <div className="relative inline-flex items-center">
      <label htmlFor={id} className="sr-only">
        {t('language.label')}
      </label>
      <GlobeIcon size={16} className="pointer-events-none absolute left-3 opacity-80" />
      <select
        id={id}
        value={value}
        onChange={(e) => isLanguage(e.target.value) && void changeLanguage(e.target.value)}
        className="h-9 cursor-pointer appearance-none rounded-full border border-white/25 bg-white/10 py-0 pr-8 pl-9 text-sm font-medium text-white transition-colors hover:bg-white/20 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
      >
        {LANGUAGES.map((lng) => (
          <option key={lng} value={lng} className="bg-white text-brand-950">
            {LANGUAGE_NAMES[lng]}
          </option>
        ))}
      </select>
      <ChevronDownIcon size={14} className="pointer-events-none absolute right-3 opacity-80" />
    </div>
  );
}
