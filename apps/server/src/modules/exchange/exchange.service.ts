import { DEFAULT_EXCHANGE_RATES, ErrorCode, type CallInput, type calls } from '@starlit/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { fingerprintOf, type LedgerService } from '../ledger/ledger.service.ts';
import { exchangeRepository } from './exchange.repository.ts';

type Target = keyof typeof DEFAULT_EXCHANGE_RATES;
type Rates = Record<Target, number>;

/**
 * The exchange (docs/economy.md): diamonds for creation counts or compute power at the rates
 * admins set (defaults in the contract). The person's diamonds go to the system's `exchange`
 * account and the target comes from it, both in one ledger request under the client's key.
 */
export function exchangeService(deps: { db: Db; ledger: LedgerService }) {
  async function rates(db: Parameters<typeof exchangeRepository>[0] = deps.db): Promise<Rates> {
    const out: Rates = { ...DEFAULT_EXCHANGE_RATES };
    for (const row of await exchangeRepository(db).rates()) if (row.target in out) out[row.target as Target] = row.perDiamond;
    return out;
  }

  return {
    rates: () => rates(),

    async setRate(adminId: string, target: Target, perDiamond: number): Promise<Rates> {
      await exchangeRepository(deps.db).setRate(target, perDiamond, adminId);
      return rates();
    },

    async exchange(userId: string, input: CallInput<typeof calls.exchange.exchange>) {
      const { target, diamonds } = input;
      const { outcome, replayed } = await deps.ledger.run(userId, input.key, fingerprintOf('exchange', { target, diamonds }), async (books) => {
        const perDiamond = (await rates(books.tx))[target];
        // the person agreed to the rate they were shown; a rate changed since is theirs to see first
        if (input.perDiamond !== undefined && input.perDiamond !== perDiamond) throw new AppError(ErrorCode.EXCHANGE_RATE_CHANGED);
        const received = diamonds * perDiamond;
        await books.move(
          { from: { user: userId }, to: { system: 'exchange' }, currency: 'JE', amount: diamonds, kind: 'exchange' },
          { from: { system: 'exchange' }, to: { user: userId }, currency: target, amount: received, kind: 'exchange' },
        );
        return { target, diamonds, received, perDiamond };
      });
      return { ...outcome, replayed };
    },
  };
}

export type ExchangeService = ReturnType<typeof exchangeService>;
