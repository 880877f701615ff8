import { featureErrors } from './feature.ts';

/** Error codes of redeem codes (8100–8149): each reason a code is refused has its own text. */
export const redeemErrors = featureErrors(
  {
    REDEEM_CODE_REQUIRED: 8101,
    REDEEM_CODE_INVALID: 8102,
    REDEEM_CODE_EXPIRED: 8103,
    REDEEM_CODE_USED_UP: 8104,
    REDEEM_ALREADY_REDEEMED: 8105,
    REDEEM_RATE_LIMITED: 8106,
    REDEEM_EXPIRY_PAST: 8107,
  },
  {
    en_US: {
      8101: 'A redeem code must be entered',
      8102: 'This redeem code does not exist',
      8103: 'This redeem code has expired',
      8104: 'This redeem code has been used up',
      8105: 'You have already redeemed this code',
      8106: 'Too many redeem attempts, please try again later',
      8107: 'The expiry must be in the future',
    },
    zh_TW: {
      8101: '請輸入兌換碼',
      8102: '此兌換碼不存在',
      8103: '此兌換碼已過期',
      8104: '此兌換碼已被兌換完',
      8105: '你已兌換過此兌換碼',
      8106: '兌換嘗試次數過多，請稍後再試',
      8107: '到期時間必須晚於現在',
    },
  },
);
