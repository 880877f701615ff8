import { CREATION_LIMITS } from '../calls/creation.ts';
import type { Language } from '../i18n/languages.ts';
import { featureErrors } from './feature.ts';

const running = CREATION_LIMITS.runningPerUser;

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
    CREATION_IMAGE_TYPE: 5111,
    CREATION_IMAGE_SIZE: 5112,
    CREATION_SONG_TYPE: 5113,
    CREATION_SONG_SIZE: 5114,
    CREATION_SONG_DURATION: 5115,
    CREATION_UPLOAD_NOT_FOUND: 5116,
    CREATION_SONG_NOT_OWNED: 5117,
    CREATION_NO_3D_MODEL: 5118,
    CREATION_SKILL_INACTIVE: 5119,
    CREATION_NO_ABILITY: 5120,
    CREATION_NO_SAME_STYLE: 5123,
    CREATION_WORD_NOT_ALLOWED: 5110,
    CREATION_NOT_PUBLISHABLE: 5121,
    CREATION_ALREADY_PUBLISHED: 5122,
  },
  {
    en_US: {
      5101: 'This kind of creation is not available yet',
      5102: `You already have ${running} creations generating, please wait for one to finish`,
      5103: 'Creation not found',
      5104: 'Generation failed',
      5105: 'Server generation failed',
      5106: 'This creation is no longer generating',
      5107: 'This creation has no result to download',
      5108: 'Please enter a description',
      5109: 'The creation was cancelled',
      5111: 'The picture must be a JPEG, PNG or WebP image',
      5112: 'The picture must be at most 10 MB and 4096 pixels a side',
      5113: 'The song must be a WAV, MP3, OGG, M4A, AAC or FLAC audio file',
      5114: 'The song must be at most 20 MB',
      5115: 'The song must be between 5 seconds and 10 minutes long',
      5116: 'The uploaded file was not found, please upload it again',
      5117: 'You can only dance to songs you made or own',
      5118: 'This agent has no 3D model to dance with',
      5119: 'This agent cannot do this yet: its skill for it is not chosen or has expired',
      5120: 'At least one ability must be selected to create with an agent',
      5123: 'This work cannot be made in the same style',
      5110: 'The description contains a word that is not allowed',
      5121: 'Only a finished creation can be published',
      5122: 'This creation is already published as a work',
    },
    zh_TW: {
      5101: '此創作類型尚未開放',
      5102: `你已有 ${running} 件作品正在生成，請等待其中一件完成`,
      5103: '找不到此創作',
      5104: '生成失敗',
      5105: '伺服器生成失敗',
      5106: '此創作已不在生成中',
      5107: '此創作沒有可下載的結果',
      5108: '請輸入描述',
      5109: '創作已取消',
      5111: '圖片必須是 JPEG、PNG 或 WebP 格式',
      5112: '圖片不得超過 10 MB，每邊不得超過 4096 像素',
      5113: '歌曲必須是 WAV、MP3、OGG、M4A、AAC 或 FLAC 音訊檔',
      5114: '歌曲不得超過 20 MB',
      5115: '歌曲長度必須介於 5 秒到 10 分鐘之間',
      5116: '找不到上傳的檔案，請重新上傳',
      5117: '只能使用你製作或擁有的歌曲跳舞',
      5118: '此智能體沒有可跳舞的 3D 模型',
      5119: '此智能體尚無法進行此創作：對應的技能未選擇或已過期',
      5120: '使用智能體創作時，至少需選擇一項能力',
      5123: '此作品無法製作同款',
      5110: '描述含有不允許的詞語',
      5121: '只有已完成的創作可以發佈',
      5122: '此創作已發佈為作品',
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
