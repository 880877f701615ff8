import { featureErrors } from './feature.ts';

/** Error codes of the moderation console, strikes and mutes (4700–4799). */
export const moderationErrors = featureErrors(
  {
    USER_MUTED: 4701,
    PROMPT_WORDS_FULL: 4702,
  },
  {
    en_US: {
      4701: 'Your account is muted for breaking the rules; you cannot publish or comment for now',
      4702: 'The prompt word list holds at most 1000 words: remove some before adding more',
    },
    zh_TW: {
      4701: '你的帳號因違反規範而被禁言，暫時無法發佈或留言',
      4702: '禁用詞清單最多 1000 個詞語：請先移除一些再新增',
    },
  },
);
