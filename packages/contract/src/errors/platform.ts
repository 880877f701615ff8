import { featureErrors } from './feature.ts';

/** Error codes of common to every call: success, transport failures and input validation. */
export const platformErrors = featureErrors(
  {
    OK: 0,
    BAD_REQUEST: 400,
    UNAUTHORIZED: 401,
    FORBIDDEN: 403,
    NOT_FOUND: 404,
    BODY_TOO_LARGE: 413,
    RATE_LIMITED: 429,
    INTERNAL: 500,
    VALIDATION: 1001,
    MALFORMED_JSON: 1002,
  },
  {
    en_US: {
      0: '',
      400: 'Request failed, please retry later',
      401: 'Please log in first',
      403: 'You do not have permission to do this',
      404: 'Not found',
      413: 'The request is too large',
      429: 'Too many requests, please slow down and retry later',
      500: 'Error occurred while executing server request, please retry later',
      1001: 'Invalid input',
      1002: 'The request body is not valid JSON',
    },
    zh_TW: {
      0: '',
      400: '請求失敗，請稍後再試',
      401: '請先登入',
      403: '你沒有權限執行此操作',
      404: '找不到內容',
      413: '請求內容過大',
      429: '請求過於頻繁，請稍後再試',
      500: '伺服器執行請求時發生錯誤，請稍後再試',
      1001: '輸入內容無效',
      1002: '請求內容不是有效的 JSON',
    },
  },
);
