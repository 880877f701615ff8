import { featureErrors } from './feature.ts';

/** Error codes of the ledger (8000–8049): balances, idempotent spending, holds; SPEC §8's texts. */
export const ledgerErrors = featureErrors(
  {
    LEDGER_INSUFFICIENT: 8001,
    LEDGER_INSUFFICIENT_DIAMOND: 8002,
    LEDGER_KEY_REUSED: 8003,
    LEDGER_HOLD_SETTLED: 8004,
  },
  {
    en_US: {
      8001: 'Insufficient balance',
      8002: 'Insufficient Diamond',
      8003: 'This request key was already used for a different request',
      8004: 'This hold has already been settled',
    },
    zh_TW: {
      8001: '餘額不足',
      8002: '鑽石不足',
      8003: '此請求金鑰已用於另一個不同的請求',
      8004: '此筆預留已結算',
    },
  },
);
