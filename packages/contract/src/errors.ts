import type { Language } from './i18n/languages.ts';

/**
 * Business error codes (SPEC §8). A business failure answers HTTP 200 with one of these
 * codes; transport failures (401, 403, 404, 413, 429) also carry one so every answer has
 * a localized message.
 */
export const ErrorCode = {
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
  AUTH_CODE_INVALID: 2001,
  AUTH_BAD_CREDENTIALS: 2002,
  AUTH_USERNAME_TAKEN: 2003,
  AUTH_PROVIDER_FAILED: 2004,
  AUTH_STATE_INVALID: 2005,
  USER_NOT_FOUND: 2006,
  NOTICE_NOT_FOUND: 3001,
  MEDIA_BAD_IMAGE_PROCESS: 5001,
  AGENT_NOT_FOUND: 6001,
  AGENT_NOT_PUBLISHABLE: 6002,
  AGENT_VOICE_RULE: 6003,
  AGENT_VOICE_NOT_FOUND: 6004,
  AGENT_SKILL_NOT_FOUND: 6005,
  AGENT_NOTHING_TO_AUDITION: 6006,
  AGENT_SPEECH_UNAVAILABLE: 6007,
  AGENT_VOICE_GENERATION_FAILED: 6008,
  IDENTITY_NOT_FOUND: 6020,
  AVATAR_FIELDS_REQUIRED: 6201,
  AVATAR_UNKNOWN_STYLE: 6202,
  AVATAR_AGENT_NOT_FOUND: 6203,
  AVATAR_JOB_NOT_FOUND: 6204,
  AVATAR_BAD_IMAGE: 6205,
  AVATAR_IMAGE_TOO_LARGE: 6206,
  AVATAR_BAD_VRM: 6207,
  AVATAR_VRM_TOO_LARGE: 6208,
  AVATAR_GENERATION_FAILED: 6209,
  AVATAR_JOB_NOT_FAILED: 6210,
  AVATAR_UNKNOWN_DEFAULT_MODEL: 6211,
  AVATAR_NO_2D_IMAGE: 6212,
  AVATAR_NO_3D_MODEL_YET: 6213,
} as const;

/** A value of {@link ErrorCode}. */
export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode];

type Messages = Record<ErrorCodeValue, string>;

const en_US: Messages = {
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
  2001: 'The sign-in code is invalid or has expired, please sign in again',
  2002: 'Wrong username or password',
  2003: 'This username is already taken',
  2004: 'The sign-in provider could not be reached, please retry later',
  2005: 'The sign-in request has expired, please sign in again',
  2006: 'User not found',
  3001: 'Notice not found',
  5001: 'Invalid image_process parameter: use resize,w_{width} with a width from 16 to 2048',
  6001: 'Agent not found',
  6002: 'The agent cannot be published yet',
  6003: 'These voices cannot be used together',
  6004: 'Voice not found',
  6005: 'Skill not found',
  6006: 'Write an opening line and choose a voice before the audition',
  6007: 'No speech engine is available on this server, so the opening cannot be auditioned',
  6008: 'Voice generation failed, please regenerate or start a new conversation',
  6020: 'Chat identity not found',
  6201: 'Avatar generation requires a name, a description and a style',
  6202: 'Unknown avatar style',
  6203: 'Agent not found',
  6204: 'Avatar generation not found',
  6205: 'The file is not a JPG, PNG or WebP image',
  6206: 'The image is larger than 5 MB',
  6207: 'The file is not a VRM model (glTF binary with the VRM extension)',
  6208: 'The VRM model is larger than 16 MB',
  6209: 'Avatar generation failed, please retry',
  6210: 'Only a failed avatar generation can be retried',
  6211: 'Unknown built-in 3D model',
  6212: 'This agent has no 2D avatar yet',
  6213: 'This agent has no 3D avatar yet',
};

const zh_TW: Messages = {
  0: '',
  400: '請求失敗，請稍後再試',
  401: '請先登入',
  403: '您沒有權限執行此操作',
  404: '找不到內容',
  413: '請求內容過大',
  429: '請求過於頻繁，請稍後再試',
  500: '伺服器執行請求時發生錯誤，請稍後再試',
  1001: '輸入內容無效',
  1002: '請求內容不是有效的 JSON',
  2001: '登入代碼無效或已過期，請重新登入',
  2002: '使用者名稱或密碼錯誤',
  2003: '此使用者名稱已被使用',
  2004: '無法連線至登入服務，請稍後再試',
  2005: '登入請求已過期，請重新登入',
  2006: '找不到使用者',
  3001: '找不到通知',
  5001: '圖片處理參數無效：請使用 resize,w_{寬度}，寬度須介於 16 到 2048',
  6001: '找不到智能體',
  6002: '智能體尚未符合發布條件',
  6003: '這些聲音不能一起使用',
  6004: '找不到聲音',
  6005: '找不到技能',
  6006: '試聽前請先填寫開場白並選擇聲音',
  6007: '此伺服器沒有可用的語音引擎，無法試聽開場白',
  6008: '語音生成失敗，請重新生成或開始新的對話',
  6020: '找不到聊天身分',
  6201: '生成形象需要名稱、描述和風格',
  6202: '未知的形象風格',
  6203: '找不到智能體',
  6204: '找不到形象生成任務',
  6205: '檔案不是 JPG、PNG 或 WebP 圖片',
  6206: '圖片大於 5 MB',
  6207: '檔案不是 VRM 模型（需為帶有 VRM 擴充的 glTF 二進位檔）',
  6208: 'VRM 模型大於 16 MB',
  6209: '形象生成失敗，請重試',
  6210: '只有失敗的形象生成可以重試',
  6211: '未知的內建 3D 模型',
  6212: '此智能體還沒有 2D 形象',
  6213: '此智能體還沒有 3D 形象',
};

/** Localized messages for every error code, in every language. */
export const errorMessages: Record<Language, Messages> = { en_US, zh_TW };

/** The localized message of an error code. */
export function errorMessage(code: ErrorCodeValue, lang: Language): string {
  return errorMessages[lang][code] ?? errorMessages.en_US[code];
}

/** Localized "{field}: {problem}" framing for validation failures. */
export const validationFraming: Record<Language, { field: (field: string, problem: string) => string; body: string }> = {
  en_US: { field: (field, problem) => `Field "${field}": ${problem}`, body: 'request body' },
  zh_TW: { field: (field, problem) => `欄位「${field}」：${problem}`, body: '請求內容' },
};
