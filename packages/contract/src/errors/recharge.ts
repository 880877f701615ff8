import { featureErrors } from './feature.ts';

/** Error codes of recharge (8050–8099): the agreement, the adult rule of SPEC §2, packages, orders and the starter coupon. */
export const rechargeErrors = featureErrors(
  {
    RECHARGE_AGREEMENT_REQUIRED: 8051,
    RECHARGE_MINOR: 8052,
    RECHARGE_ADULT_REQUIRED: 8053,
    RECHARGE_PACKAGE_NOT_FOUND: 8054,
    RECHARGE_ORDER_NOT_FOUND: 8055,
    RECHARGE_PROVIDER_FAILED: 8056,
    COUPON_ALREADY_CLAIMED: 8057,
    COUPON_NOT_ELIGIBLE: 8058,
    COUPON_NOT_AVAILABLE: 8059,
  },
  {
    en_US: {
      8051: 'Please read and agree to the recharge agreement first',
      8052: 'Recharge is not available to minors',
      8053: 'Please confirm that you are an adult before recharging',
      8054: 'This recharge package is not on sale',
      8055: 'Recharge order not found',
      8056: 'The payment could not be started, please try again later',
      8057: 'You have already claimed the starter pack coupon',
      8058: 'The starter pack coupon is for people who have not recharged yet',
      8059: 'You have no starter pack coupon to use',
    },
    zh_TW: {
      8051: '請先閱讀並同意儲值協議',
      8052: '未成年人不得儲值',
      8053: '儲值前請確認你已成年',
      8054: '此儲值方案未販售',
      8055: '找不到儲值訂單',
      8056: '無法開始付款，請稍後再試',
      8057: '你已領取過新手禮包優惠券',
      8058: '新手禮包優惠券僅限尚未儲值的用戶',
      8059: '你沒有可使用的新手禮包優惠券',
    },
  },
);
