import type { EspeakVoiceParams } from '../../db/schema/catalogue.ts';

export type SpokenLanguage = 'en_US' | 'zh_TW';

const isChineseVoice = (voice: string) => /^(cmn|yue|zh|hak)/.test(voice);

/**
 * An eSpeak NG voice that speaks `lang`: the voice itself when it speaks that language, else
 * that language's voice with the same variant (`+f3`, `+m2`: the kind of voice) and pitch. An
 * English eSpeak voice reading Chinese only names the characters, so a star's voice is moved
 * into the language of the words it reads; a provider's voices speak any language as they are.
 */
export function espeakVoiceIn(params: EspeakVoiceParams, lang: SpokenLanguage): EspeakVoiceParams {
  const wantsChinese = lang === 'zh_TW';
  if (isChineseVoice(params.voice) === wantsChinese) return params;
  const variant = params.voice.includes('+') ? `+${params.voice.split('+')[1]}` : '';
  return { ...params, voice: `${wantsChinese ? 'cmn' : 'en-us'}${variant}` };
}
