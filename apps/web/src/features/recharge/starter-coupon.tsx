import { calls } from '@starlit/contract';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useCall, useCallMutation } from '../../api/calls';
import { useAppStore } from '../../app/app-store';
import { Button } from '../../ui/button';
import { TicketIcon } from '../../ui/icons';
import { Modal } from '../../ui/modal';
import { useCurrentUser } from '../auth/auth-store';
import { openDiscount, openRecharge } from './open-recharge';

/**
 * Keeps the home state's couponData (SPEC §3) in step with the server: set while the person
 * may claim the starter coupon or has claimed it unspent, empty otherwise and for visitors.
 */
function useCouponData() {
  const signedIn = useCurrentUser() !== null;
  const coupon = useCall(calls.recharge.coupon, {}, { enabled: signedIn });
  const setCouponData = useAppStore((s) => s.setCouponData);
  const data = signedIn ? coupon.data : undefined;
  useEffect(() => {
    if (data && (data.status === 'available' || data.status === 'claimed')) setCouponData({ status: data.status, couponId: data.couponId, percentOff: data.percentOff });
    else setCouponData(null);
  }, [data, setCouponData]);
  return useAppStore((s) => s.home.couponData);
}

/** The home page's offer of the starter coupon to whoever may still claim or spend it; it opens DISCOUNT. */
export function StarterCouponBanner() {
  const { t } = useTranslation('recharge');
  const coupon = useCouponData();
  if (!coupon) return null;
  return (
    <div className="mx-auto max-w-[1440px] px-4 pt-4 sm:px-6 lg:px-8">
      <section
        aria-label={t('coupon.title')}
        className="flex flex-wrap items-center gap-3 rounded-2xl border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950 dark:border-amber-400/40 dark:bg-amber-400/10 dark:text-amber-50"
      >
        <TicketIcon size={22} className="shrink-0 text-amber-600 dark:text-amber-300" />
        <p className="min-w-0 flex-1 text-sm font-medium">{coupon.status === 'available' ? t('coupon.offer', { percent: coupon.percentOff }) : t('coupon.yours', { percent: coupon.percentOff })}</p>
        <Button size="sm" onClick={openDiscount}>
          {coupon.status === 'available' ? t('coupon.see') : t('coupon.use')}
        </Button>
      </section>
    </div>
  );
}

/** DISCOUNT (SPEC §2): the starter-pack coupon, claimed here once and spent on a recharge. */
export function DiscountModal({ onClose }: { onClose(): void }) {
  const { t } = useTranslation(['recharge', 'common']);
  const coupon = useCall(calls.recharge.coupon, {});
  // the modal itself then says it is claimed, so no toast covers it
  const claim = useCallMutation(calls.recharge.claimCoupon, { invalidates: [calls.recharge.coupon] });
  const spend = () => {
    onClose();
    openRecharge();
  };
  const status = coupon.data?.status;
  const percent = coupon.data?.percentOff ?? 0;
  return (
    <Modal open onClose={onClose} title={t('common:modals.DISCOUNT')}>
      <div className="flex flex-col items-center gap-4 py-2 text-center">
        <div className="grid size-16 place-items-center rounded-2xl bg-amber-100 text-amber-600 dark:bg-amber-400/15 dark:text-amber-300">
          <TicketIcon size={32} />
        </div>
        <div>
          <p className="text-lg font-semibold">{t('coupon.title')}</p>
          <p className="mt-1 text-3xl font-bold text-brand-700 dark:text-brand-300">{t('coupon.percent', { percent })}</p>
        </div>
        <p className="max-w-sm text-sm leading-relaxed text-muted">{t('coupon.body', { percent })}</p>
        {status === 'available' && (
          <Button disabled={claim.isPending} onClick={() => claim.mutate({})}>
            {t('coupon.claim')}
          </Button>
        )}
        {status === 'claimed' && (
          <>
            <p role="status" className="text-sm font-medium text-emerald-700 dark:text-emerald-300">
              {t('coupon.ready')}
            </p>
            <Button onClick={spend}>{t('coupon.rechargeNow')}</Button>
          </>
        )}
        {status === 'spent' && <p className="text-sm text-muted">{t('coupon.spent')}</p>}
        {status === 'ineligible' && <p className="text-sm text-muted">{t('coupon.ineligible')}</p>}
      </div>
    </Modal>
  );
}
