import { featureErrors } from './feature.ts';

/** Error codes of sign-in, sessions and users. */
export const authErrors = featureErrors(
  {
    AUTH_CODE_INVALID: 2001,
    AUTH_BAD_CREDENTIALS: 2002,
    AUTH_USERNAME_TAKEN: 2003,
    AUTH_PROVIDER_FAILED: 2004,
    AUTH_STATE_INVALID: 2005,
    USER_NOT_FOUND: 2006,
    USER_AVATAR_BAD: 2007,
    USER_AVATAR_TOO_LARGE: 2008,
  },
  {
    en_US: {
      2001: 'The sign-in code is invalid or has expired, please sign in again',
      2002: 'Wrong username or password',
      2003: 'This username is already taken',
      2004: 'The sign-in provider could not be reached, please retry later',
      2005: 'The sign-in request has expired, please sign in again',
      2006: 'User not found',
      2007: 'The avatar must be a JPG, PNG or WebP picture',
      2008: 'The avatar must be at most 5 MB',
    },
    zh_TW: {
      2001: '登入代碼無效或已過期，請重新登入',
      2002: '使用者名稱或密碼錯誤',
      2003: '此使用者名稱已被使用',
      2004: '無法連線至登入服務，請稍後再試',
      2005: '登入請求已過期，請重新登入',
      2006: '找不到使用者',
      2007: '頭像須為 JPG、PNG 或 WebP 圖片',
      2008: '頭像大小不可超過 5 MB',
    },
  },
);
