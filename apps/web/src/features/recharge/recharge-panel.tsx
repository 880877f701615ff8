import { calls, couponPrice, type CallOutput } from '@starlit/contract';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCall, useCallMutation } from '../../api/calls';
import { Button } from '../../ui/button';
import { DiamondIcon } from '../../ui/icons';
import { LoadFailed } from '../../ui/load-failed';
import { Spinner } from '../../ui/spinner';
import { AgreementChapters } from './agreement-page';
import { notifyInfo, notifySuccess } from '../../ui/toast';
import { newRequestKey } from '../../api/request-key';

type Offer = CallOutput<typeof calls.recharge.offer>;

/** A price in money as the reader writes it (the package's amount is in cents). */
export function formatPrice(priceMinor: number, currency: string, language: string): string {
  return new Intl.NumberFormat(language.replace('_', '-'), { style: 'currency', currency: currency.toUpperCase() }).format(priceMinor / 100);
}

/**
 * Choosing a package and paying it (SPEC §2 Recharge): the agreement must be agreed to and the
 * buyer must be an adult first. Stripe takes the buyer to its checkout; the demo provider pays
 * at once and the panel says no money moves. A claimed starter coupon can lower the price.
 * Used by the recharge page and the RECHARGE modal (`inModal`: the agreement is read in place,
 * so the choices made here stay).
 */
export function RechargePanel({ inModal = false, onPaid }: { inModal?: boolean; onPaid?(): void }) {
  const { t, i18n } = useTranslation('recharge');
  const offer = useCall(calls.recharge.offer, {});
  const balances = useCall(calls.ledger.balances, {});
  const coupon = useCall(calls.recharge.coupon, {});
  const [chosen, setChosen] = useState<string | null>(null);
  const [agreed, setAgreed] = useState(false);
  const [adult, setAdult] = useState(false);
  const [withCoupon, setWithCoupon] = useState(true);
  const [reading, setReading] = useState(false);
  const couponReady = coupon.data?.status === 'claimed';
  const useCoupon = couponReady && withCoupon;
  // one key per purchase: a double click sends the same one and the server makes one order;
  // another package or coupon choice is another purchase, and so is a try after a failure
  const purchase = `${chosen ?? ''}:${useCoupon}`;
  const [keyed, setKeyed] = useState(() => ({ purchase, key: newRequestKey() }));
  const requestKey = keyed.purchase === purchase ? keyed.key : newRequestKey();
  if (keyed.purchase !== purchase) setKeyed({ purchase, key: requestKey });
  const create = useCallMutation(calls.recharge.create, {
    invalidates: [calls.ledger.balances, calls.recharge.coupon],
    onSuccess: (made) => {
      setKeyed({ purchase, key: newRequestKey() });
      if (made.checkoutUrl) window.location.assign(made.checkoutUrl);
      else if (made.order.status === 'paid') {
        notifySuccess(t('paid', { count: made.order.diamonds + made.order.bonus }));
        onPaid?.();
      } else notifyInfo(t(made.order.status === 'failed' ? 'failed' : 'pending'));
    },
    // the server answers a failed key's refusal again: the next try is a new purchase
    onError: () => setKeyed({ purchase, key: newRequestKey() }),
  });
  if (offer.isError) return <LoadFailed onRetry={() => void offer.refetch()} />;
  if (!offer.data) return <Spinner />;
  const data: Offer = offer.data;
  const pack = data.packages.find((p) => p.packageId === chosen);
  const price = pack ? (useCoupon ? couponPrice(pack.priceMinor) : pack.priceMinor) : 0;
  if (reading) {
    return (
      <article className="flex flex-col gap-5">
        <h2 className="text-base font-semibold">{t('agreement.title')}</h2>
        <AgreementChapters />
        <Button variant="secondary" className="self-start" onClick={() => setReading(false)}>
          {t('agreement.back')}
        </Button>
      </article>
    );
  }
  return (
    <div className="flex flex-col gap-5">
      <p className="text-sm text-muted">{t('intro')}</p>
      {data.provider === 'demo' && (
        <p className="rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:border-amber-400/40 dark:bg-amber-400/10 dark:text-amber-100">{t('demo')}</p>
      )}
      {balances.data && <p className="text-sm font-medium">{t('balance', { count: balances.data.JE })}</p>}
      <fieldset>
        <legend className="mb-3 text-sm font-semibold">{t('choose')}</legend>
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          {data.packages.map((p) => {
            const selected = p.packageId === chosen;
            return (
              <button
                key={p.packageId}
                type="button"
                aria-pressed={selected}
                onClick={() => setChosen(p.packageId)}
                className={`flex cursor-pointer flex-col items-start gap-1 rounded-2xl border p-4 text-left transition-colors ${selected ? 'border-brand-600 bg-brand-50 ring-2 ring-brand-600 dark:bg-white/10' : 'border-line hover:border-brand-400'}`}
              >
                <span className="flex items-center gap-1.5 text-lg font-bold">
                  <DiamondIcon size={18} className="text-brand-600 dark:text-brand-300" />
                  {p.diamonds.toLocaleString(i18n.language.replace('_', '-'))}
                </span>
                {p.bonus > 0 && (
                  <span className="rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-800 dark:bg-brand-300/20 dark:text-brand-200">{t('bonus', { count: p.bonus })}</span>
                )}
                {useCoupon ? (
                  <span className="mt-1 flex flex-wrap items-baseline gap-x-1.5 text-sm">
                    <span className="font-semibold text-ink">{formatPrice(couponPrice(p.priceMinor), p.currency, i18n.language)}</span>
                    <s className="text-xs text-muted">{formatPrice(p.priceMinor, p.currency, i18n.language)}</s>
                  </span>
                ) : (
                  <span className="mt-1 text-sm text-muted">{formatPrice(p.priceMinor, p.currency, i18n.language)}</span>
                )}
              </button>
            );
          })}
        </div>
      </fieldset>
      {couponReady && (
        <label className="flex items-start gap-2 rounded-xl border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:border-amber-400/40 dark:bg-amber-400/10 dark:text-amber-50">
          <input type="checkbox" className="mt-0.5 size-4 accent-brand-600" checked={withCoupon} onChange={(e) => setWithCoupon(e.target.checked)} />
          <span>{t('coupon.apply', { percent: coupon.data?.percentOff ?? 0 })}</span>
        </label>
      )}
      <label className="flex items-start gap-2 text-sm">
        <input type="checkbox" className="mt-0.5 size-4 accent-brand-600" checked={agreed} onChange={(e) => setAgreed(e.target.checked)} />
        <span>
          <Trans t={t} i18nKey="agree">
            I have read and agree to the
            {inModal ? (
              <button type="button" onClick={() => setReading(true)} className="cursor-pointer font-medium text-brand-700 underline dark:text-brand-300">
                recharge agreement
              </button>
            ) : (
              <Link to="/recharge/agreement" className="font-medium text-brand-700 underline dark:text-brand-300">
                recharge agreement
              </Link>
            )}
          </Trans>
        </span>
      </label>
      <label className="flex items-start gap-2 text-sm">
        <input type="checkbox" className="mt-0.5 size-4 accent-brand-600" checked={adult} onChange={(e) => setAdult(e.target.checked)} />
        <span>{t('adult')}</span>
      </label>
      <Button
        disabled={!pack || !agreed || !adult || create.isPending}
        onClick={() => pack && create.mutate({ packageId: pack.packageId, agreementVersion: data.agreementVersion, adult, requestKey, useCoupon })}
      >
        {create.isPending ? t('paying') : pack ? t('pay', { price: formatPrice(price, pack.currency, i18n.language) }) : t('choose')}
      </Button>
      {pack && <p className="text-center text-xs text-muted">{t('total', { count: pack.diamonds + pack.bonus })}</p>}
    </div>
  );
}
