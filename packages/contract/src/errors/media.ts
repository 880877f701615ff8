import { featureErrors } from './feature.ts';

/** Error codes of stored and generated files under /media/. */
export const mediaErrors = featureErrors(
  {
    MEDIA_BAD_IMAGE_PROCESS: 5001,
  },
  {
    en_US: {
      5001: 'Invalid image_process parameter: use resize,w_{width} with a width from 16 to 2048',
    },
    zh_TW: {
      5001: '圖片處理參數無效：請使用 resize,w_{寬度}，寬度須介於 16 到 2048',
    },
  },
);
