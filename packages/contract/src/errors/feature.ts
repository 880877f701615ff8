import type { Language } from '../i18n/languages.ts';

/** A localized message for each code a feature declares. */
export type FeatureMessages<Codes extends Record<string, number>> = Record<Codes[keyof Codes], string>;

/** One feature's error codes and their messages in every language. */
export interface FeatureErrors<Codes extends Record<string, number>> {
  codes: Codes;
  messages: Record<Language, FeatureMessages<Codes>>;
}

/** Declares a feature's codes with their messages, so a code without a message in some language does not compile. */
export function featureErrors<const Codes extends Record<string, number>>(codes: Codes, messages: Record<Language, FeatureMessages<Codes>>): FeatureErrors<Codes> {
  return { codes, messages };
}
