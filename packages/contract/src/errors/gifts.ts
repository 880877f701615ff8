import { featureErrors } from './feature.ts';

/**
 * Error codes of gifts (8600–8799) and of points and the daily check-in (8800–8899). A short
 * balance is the ledger's (8001, 8002); a block between sender and owner is social's (4300s).
 */
export const giftsErrors = featureErrors(
  {
    GIFT_REQUIRED: 8601,
    GIFT_EXPIRED: 8602,
    GIFT_DAILY_LIMIT: 8603,
    GIFT_NOT_FOUND: 8604,
    GIFT_SEND_FAILED: 8605,
    GIFT_OWN_AGENT: 8606,
    GIFT_PRICE_CHANGED: 8607,
    CHECKIN_DONE: 8801,
  },
  {
    en_US: {
      8601: 'A gift must be selected before sending',
      8602: 'Gift is Expired',
      8603: 'Daily limit reached',
      8604: 'This gift does not exist',
      8605: 'Send gift failed',
      8606: 'You cannot send gifts to your own agent',
      8607: 'The price of this gift has changed, please check it and try again',
      8801: 'You have already checked in today',
    },
    zh_TW: {
      8601: '送出前請先選擇禮物',
      8602: '禮物已過期',
      8603: '已達每日上限',
      8604: '此禮物不存在',
      8605: '送禮失敗',
      8606: '不能送禮物給自己的智能體',
      8607: '此禮物的價格已變更，請確認後再試',
      8801: '你今天已經簽到過了',
    },
  },
);
