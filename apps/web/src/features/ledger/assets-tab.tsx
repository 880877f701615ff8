import { calls, HELD_CURRENCIES } from '@starlit/contract';
import { useTranslation } from 'react-i18next';
import { useCall } from '../../api/calls';
import { modalAreas } from '../../app/modal-areas';
import { Button } from '../../ui/button';
import { LoadFailed } from '../../ui/load-failed';
import { Loading } from '../../ui/loading';
import { Skeleton } from '../../ui/skeleton';
import { useIsAdmin } from '../auth/auth-store';
import { CheckinButton } from '../checkin/checkin-button';
import { ExchangeRatesAdmin } from '../exchange/exchange-rates-admin';
import { openRecharge } from '../recharge/open-recharge';
import { RedeemAdmin } from '../redeem/redeem-admin';

/** Which exchange modal a balance's button opens: diamonds are what is exchanged, so they have none. */
const EXCHANGE_MODAL = { CAC: 'EXCHANGE_DIAMOND_CAC', CWA: 'EXCHANGE_DIAMOND_CWA' } as const;

/** My assets: my four balances, exchanging diamonds for creation counts or compute power, and redeeming a code; admins also make codes and set rates. */
export function AssetsTab() {
  const { t } = useTranslation(['ledger', 'common']);
  const balances = useCall(calls.ledger.balances, {});
  const show = modalAreas.userCenter((s) => s.show);
  const isAdmin = useIsAdmin();
  if (balances.isPending) {
    return (
      <Loading className="grid gap-3 sm:grid-cols-2">
        {HELD_CURRENCIES.map((c) => (
          <Skeleton key={c} className="h-24 w-full rounded-2xl" />
        ))}
      </Loading>
    );
  }
  if (balances.isError) return <LoadFailed onRetry={() => void balances.refetch()} />;
  return (
    <section aria-labelledby="assets-title" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="assets-title" className="text-lg font-semibold">
          {t('assets.title')}
        </h2>
        <div className="flex flex-wrap gap-2">
          <Button onClick={openRecharge}>{t('assets.recharge')}</Button>
          <Button variant="secondary" onClick={() => show('EXCHANGE_QUAN')}>
            {t('assets.redeem')}
          </Button>
        </div>
      </div>
      <ul aria-label={t('assets.balances')} className="grid gap-3 sm:grid-cols-2">
        {HELD_CURRENCIES.map((currency) => (
          <li key={currency} className="flex items-center justify-between gap-3 rounded-2xl border border-line bg-surface p-4">
            <div className="flex flex-col">
              <span className="text-sm text-muted">{t(`assets.${currency}`)}</span>
              <span className="text-2xl font-semibold tabular-nums" data-testid={`balance-${currency}`}>
                {balances.data[currency]}
              </span>
            </div>
            {(currency === 'CAC' || currency === 'CWA') && (
              <Button size="sm" aria-label={t(`common:modals.${EXCHANGE_MODAL[currency]}`)} onClick={() => show(EXCHANGE_MODAL[currency])}>
                {t('assets.exchange')}
              </Button>
            )}
            {currency === 'MSS' && <CheckinButton />}
          </li>
        ))}
      </ul>
      {isAdmin && (
        <>
          <RedeemAdmin />
          <ExchangeRatesAdmin />
        </>
      )}
    </section>
  );
}
