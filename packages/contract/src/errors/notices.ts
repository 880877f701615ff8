import { featureErrors } from './feature.ts';

/** Error codes of notices. */
export const noticesErrors = featureErrors(
  {
    NOTICE_NOT_FOUND: 3001,
  },
  {
    en_US: {
      3001: 'Notice not found',
    },
    zh_TW: {
      3001: '找不到通知',
    },
  },
);
