import { featureErrors } from './feature.ts';

/** Error codes of follows and blocks (4300–4499). */
export const socialErrors = featureErrors(
  {
    SOCIAL_BLOCKED: 4301,
    SOCIAL_SELF: 4302,
  },
  {
    en_US: {
      4301: 'You cannot interact with this user',
      4302: 'You cannot do this to yourself',
    },
    zh_TW: {
      4301: '無法與此使用者互動',
      4302: '無法對自己這麼做',
    },
  },
);
