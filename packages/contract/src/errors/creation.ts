import type { Language } from '../i18n/languages.ts';
import { featureErrors } from './feature.ts';

/**
 * Error codes of the creation studio (5100–5199 of the studio range); a short balance is the
 * ledger's "Insufficient balance" (8001). 5104 and 5105 are SPEC §8's texts, by cause.
 */
export const creationErrors = featureErrors(
  {
    CREATION_NOT_AVAILABLE: 5101,
    CREATION_TOO_MANY_RUNNING: 5102,
    CREATION_NOT_FOUND: 5103,
    CREATION_GENERATION_FAILED: 5104,
    CREATION_SERVER_FAILED: 5105,
    CREATION_NOT_GENERATING: 5106,
    CREATION_NOT_DONE: 5107,
    CREATION_DESCRIPTION_REQUIRED: 5108,
    CREATION_CANCELLED: 5109,
    CREATION_WORD_NOT_ALLOWED: 5110,
  },
  {
    en_US: {
      5101: 'This kind of creation is not available yet',
      5102: 'You already have 2 creations generating, please wait for one to finish',
      5103: 'Creation not found',
      5104: 'Generation failed',
      5105: 'Server generation failed',
      5106: 'This creation is no longer generating',
      5107: 'This creation has no result to download',
      5108: 'Please enter a description',
      5109: 'The creation was cancelled',
      5110: 'The description contains a word that is not allowed',
    },
    zh_TW: {
      5101: '此創作類型尚未開放',
      5102: '你已有 2 件作品正在生成，請等待其中一件完成',
      5103: '找不到此創作',
      5104: '生成失敗',
      5105: '伺服器生成失敗',
      5106: '此創作已不在生成中',
      5107: '此創作沒有可下載的結果',
      5108: '請輸入描述',
      5109: '創作已取消',
      5110: '描述含有不允許的詞語',
    },
  },
);

/**
 * 5110 naming the word, in each language: the server answers this as the message (the catalogue
 * text above is what a client that only knows the code shows), so the person sees what to change.
 */
export const wordNotAllowed: Record<Language, (word: string) => string> = {
  en_US: (word) => `The description contains a word that is not allowed: “${word}”`,
  zh_TW: (word) => `描述含有不允許的詞語：「${word}」`,
};
