import { featureErrors } from './feature.ts';

/**
 * Error codes of the store and cart (8300–8449). A short balance is SPEC §8's "Insufficient
 * balance" (8001, the ledger's), which the store page pairs with a way to recharge; "Purchase
 * failed" is what the page says of any other refusal, with the server's reason.
 */
export const storeErrors = featureErrors(
  {
    STORE_NOT_OPEN: 8300,
    STORE_ITEM_NOT_FOUND: 8301,
    STORE_ALREADY_OWNED: 8302,
    STORE_PRICE_CHANGED: 8303,
  },
  {
    en_US: {
      8300: 'Store not open',
      8301: 'This item is not in the store',
      8302: 'You already own this item',
      8303: 'A price has changed, please check your cart and try again',
    },
    zh_TW: {
      8300: '商店未開放',
      8301: '商店中沒有此商品',
      8302: '你已擁有此商品',
      8303: '商品價格已變更，請確認購物車後再試',
    },
  },
);
