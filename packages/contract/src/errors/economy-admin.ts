import { featureErrors } from './feature.ts';

/** Error codes of order records and the admin economy console (8200–8299). */
export const economyAdminErrors = featureErrors(
  {
    ECONOMY_ADMIN_USER_NOT_FOUND: 8201,
    ECONOMY_ADMIN_PACKAGE_NOT_FOUND: 8202,
    ECONOMY_ADMIN_SKILL_NOT_FOUND: 8250,
    ECONOMY_ADMIN_VOICE_NOT_FOUND: 8251,
    ECONOMY_ADMIN_GIFT_PRICE_REQUIRED: 8252,
    ECONOMY_ADMIN_GIFT_FREE_PRICED: 8253,
    ECONOMY_ADMIN_GIFT_FREE_UNTIL_REQUIRED: 8254,
    ECONOMY_ADMIN_GIFT_FREE_UNTIL_UNUSED: 8255,
    ECONOMY_ADMIN_GIFT_FREE_AFTER_EXPIRY: 8256,
    ECONOMY_ADMIN_GIFT_NOT_FOUND: 8257,
    PRICE_CHANGED: 8258,
  },
  {
    en_US: {
      8201: 'No user has that name',
      8202: 'This recharge package does not exist',
      8250: 'This skill is not in the catalogue',
      8251: 'This is not an official voice',
      8252: 'A gift sold for points or diamonds, or free only for a while, needs a price of at least 1',
      8253: 'A free gift has no price: set it to 0',
      8254: 'A gift free for a limited time needs the time its free period ends',
      8255: 'Only a gift free for a limited time has a free-until time',
      8256: 'The free period must end before the gift expires',
      8257: 'This gift does not exist',
      8258: 'The price has changed: look at the new price and try again',
    },
    zh_TW: {
      8201: '找不到這個名稱的使用者',
      8202: '此儲值方案不存在',
      8250: '技能目錄中沒有這個技能',
      8251: '這不是官方聲音',
      8252: '以積分或鑽石販售、或限時免費的禮物，價格至少為 1',
      8253: '免費禮物沒有價格：請設為 0',
      8254: '限時免費的禮物需要設定免費結束的時間',
      8255: '只有限時免費的禮物才有免費截止時間',
      8256: '免費期間必須在禮物下架之前結束',
      8257: '此禮物不存在',
      8258: '價格已變更，請確認新價格後再試',
    },
  },
);
