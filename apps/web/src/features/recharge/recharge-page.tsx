import { calls } from '@starlit/contract';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useCall } from '../../api/calls';
import { useDocumentTitle } from '../../ui/use-document-title';
import { formatPrice, RechargePanel } from './recharge-panel';

/** What became of the order the buyer comes back with (`?order=`); a pending one is asked again until the provider answers. */
function OrderOutcome({ orderId, cancelled }: { orderId: string; cancelled: boolean }) {
  const { t, i18n } = useTranslation('recharge');
  const order = useCall(calls.recharge.order, { orderId }, { refetchInterval: (query) => (query.state.data?.status === 'pending' && !cancelled ? 2_000 : false) });
  if (!order.data) return null;
  const { status, diamonds, bonus, couponId, discountMinor, currency } = order.data;
  const text = status === 'paid' ? t('paid', { count: diamonds + bonus }) : status === 'failed' ? t('failed') : cancelled ? t('cancelled') : t('pending');
  return (
    <p
      role="status"
      className={`rounded-xl px-4 py-3 text-sm font-medium ${status === 'paid' ? 'bg-emerald-50 text-emerald-900 dark:bg-emerald-400/10 dark:text-emerald-100' : 'bg-brand-50 text-brand-900 dark:bg-white/10 dark:text-brand-100'}`}
    >
      {text}
      {couponId && <span className="block text-xs font-normal">{t('coupon.onOrder', { amount: formatPrice(discountMinor, currency, i18n.language) })}</span>}
    </p>
  );
}

/** `/recharge` (SPEC §2 Recharge; the route is ours, docs/economy.md): the packages, and the outcome of a payment one comes back from. */
export function RechargePage() {
  const { t } = useTranslation('recharge');
  useDocumentTitle(t('title'));
  const [params] = useSearchParams();
  const orderId = params.get('order');
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8 sm:px-6 md:py-12">
      <h1 className="text-2xl font-bold tracking-tight">{t('title')}</h1>
      {orderId && <OrderOutcome orderId={orderId} cancelled={params.get('cancelled') === '1'} />}
      <RechargePanel />
    </div>
  );
}
