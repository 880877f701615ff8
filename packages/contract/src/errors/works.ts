import { featureErrors } from './feature.ts';

/** Error codes of works: uploads, editing, publishing, seeing a work (4000–4099). */
export const worksErrors = featureErrors(
  {
    WORK_NOT_FOUND: 4001,
    WORK_NOT_PUBLISHED: 4002,
    WORK_BAD_FILE: 4003,
    WORK_FILE_TOO_LARGE: 4004,
    WORK_UPLOAD_NOT_FOUND: 4005,
    WORK_NEEDS_CONTENT: 4006,
    WORK_REACTIONS_TOO_FAST: 4007,
  },
  {
    en_US: {
      4001: 'Work not found',
      4002: 'The work is not published',
      4003: 'The file is not a supported picture, sound or video',
      4004: 'The file is too large',
      4005: 'The uploaded file was not found, please upload it again',
      4006: 'A work needs an uploaded file, or a post needs text or pictures',
      4007: 'Operating too frequently, please try again later',
    },
    zh_TW: {
      4001: '找不到作品',
      4002: '作品尚未發佈',
      4003: '檔案不是支援的圖片、音訊或影片',
      4004: '檔案太大',
      4005: '找不到上傳的檔案，請重新上傳',
      4006: '作品需要上傳的檔案，貼文需要文字或圖片',
      4007: '操作過於頻繁，請稍後再試',
    },
  },
);
