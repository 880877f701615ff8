import { featureErrors } from './feature.ts';

/** Error codes of the exchange (8150–8199); a short balance is the ledger's "Insufficient Diamond" (8002). */
export const exchangeErrors = featureErrors(
  {
    EXCHANGE_RATE_CHANGED: 8151,
  },
  {
    en_US: {
      8151: 'The exchange rate has changed, please check it and try again',
    },
    zh_TW: {
      8151: '兌換比例已變更，請確認後再試',
    },
  },
);
