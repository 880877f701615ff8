import { featureErrors } from './feature.ts';

/** Error codes of follows and blocks (4300–4499). */
export const socialErrors = featureErrors(
  {
    SOCIAL_BLOCKED: 4301,
    SOCIAL_SELF: 4302,
    SOCIAL_RATE_LIMITED: 4303,
  },
  {
    en_US: {
      4301: 'You cannot interact with this user',
      4302: 'You cannot do this to yourself',
      4303: 'You are following or blocking too fast: wait a moment and try again',
    },
    zh_TW: {
      4301: '無法與此使用者互動',
      4302: '無法對自己這麼做',
      4303: '追蹤或封鎖太頻繁，請稍候再試',
    },
  },
);
