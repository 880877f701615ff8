import { featureErrors } from './feature.ts';

/** Error codes of order records and the admin economy console (8200–8299). */
export const economyAdminErrors = featureErrors(
  {
    ECONOMY_ADMIN_USER_NOT_FOUND: 8201,
    ECONOMY_ADMIN_PACKAGE_NOT_FOUND: 8202,
  },
  {
    en_US: {
      8201: 'No user has that name',
      8202: 'This recharge package does not exist',
    },
    zh_TW: {
      8201: '找不到這個名稱的使用者',
      8202: '此儲值方案不存在',
    },
  },
);
