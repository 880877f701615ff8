import { featureErrors } from './feature.ts';

/** Error codes of character cards: import and export. */
export const cardsErrors = featureErrors(
  {
    CARD_TOO_LARGE: 6301,
    CARD_NOT_A_CARD: 6302,
    CARD_CORRUPT_PNG: 6303,
    CARD_CORRUPT_ZIP: 6304,
    CARD_BAD_BASE64: 6305,
    CARD_BAD_JSON: 6306,
    CARD_UNSUPPORTED_SPEC: 6307,
    CARD_INVALID: 6308,
    CARD_BAD_IMAGE: 6309,
    CARD_NOT_BASE64: 6310,
  },
  {
    en_US: {
      6301: 'The character card is too large (at most 10 MB)',
      6302: 'This file is not a character card (PNG with card data, JSON or CHARX)',
      6303: 'The PNG file of the card is damaged',
      6304: 'The CHARX file of the card is damaged',
      6305: 'The card data inside the PNG is not valid base64',
      6306: 'The card data is not valid JSON',
      6307: 'This card version is not supported (V1, V2 and V3 are)',
      6308: 'The card is missing its name or has fields of the wrong type',
      6309: 'The avatar picture of this agent cannot be read',
      6310: 'The uploaded file could not be read (not base64)',
    },
    zh_TW: {
      6301: '角色卡太大（最多 10 MB）',
      6302: '此檔案不是角色卡（需為含角色資料的 PNG、JSON 或 CHARX）',
      6303: '角色卡的 PNG 檔案已損壞',
      6304: '角色卡的 CHARX 檔案已損壞',
      6305: 'PNG 內的角色資料不是有效的 base64',
      6306: '角色資料不是有效的 JSON',
      6307: '不支援此角色卡版本（支援 V1、V2 和 V3）',
      6308: '角色卡缺少名稱，或有欄位的類型錯誤',
      6309: '無法讀取此智能體的形象圖片',
      6310: '無法讀取上傳的檔案（不是 base64）',
    },
  },
);
