import { calls, ECONOMY_ADMIN_LIMITS, type CallOutput } from '@starlit/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCall, useCallMutation } from '../../api/calls';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/field';
import { LoadFailed } from '../../ui/load-failed';
import { Loading } from '../../ui/loading';
import { Skeleton } from '../../ui/skeleton';
import { notifySuccess } from '../../ui/toast';

type Package = CallOutput<typeof calls.economyAdmin.packages>[number];

const whole = (text: string, min: number, max: number) => (/^\d+$/.test(text) && Number(text) >= min && Number(text) <= max ? Number(text) : null);
/** A price typed in the currency's units ("4.99") as its smallest unit (499). */
const minorOf = (text: string) => {
  const m = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!m) return null;
  const minor = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return minor >= ECONOMY_ADMIN_LIMITS.minPackagePriceMinor && minor <= ECONOMY_ADMIN_LIMITS.maxPackagePriceMinor ? minor : null;
};

function PackageRow({ pkg }: { pkg: Package }) {
  const { t } = useTranslation('economy-admin');
  const [diamonds, setDiamonds] = useState(String(pkg.diamonds));
  const [bonus, setBonus] = useState(String(pkg.bonus));
  const [price, setPrice] = useState((pkg.priceMinor / 100).toFixed(2));
  const [active, setActive] = useState(pkg.active);
  const save = useCallMutation(calls.economyAdmin.savePackage, { invalidates: ['economyAdmin', 'recharge'], onSuccess: () => notifySuccess(t('packages.saved', { id: pkg.packageId })) });
  const input = { diamonds: whole(diamonds, 1, ECONOMY_ADMIN_LIMITS.maxPackageDiamonds), bonus: whole(bonus, 0, ECONOMY_ADMIN_LIMITS.maxPackageDiamonds), priceMinor: minorOf(price) };
  const valid = input.diamonds !== null && input.bonus !== null && input.priceMinor !== null;
  return (
    <li>
      <form
        aria-label={t('packages.package', { id: pkg.packageId })}
        className="grid grid-cols-2 items-end gap-3 p-4 sm:grid-cols-[6rem_1fr_1fr_1fr_auto_auto]"
        onSubmit={(event) => {
          event.preventDefault();
          const { diamonds: d, bonus: b, priceMinor: p } = input;
          if (d !== null && b !== null && p !== null) save.mutate({ packageId: pkg.packageId, diamonds: d, bonus: b, priceMinor: p, active });
        }}
      >
        <span className="col-span-2 font-mono font-semibold sm:col-span-1 sm:self-center">{pkg.packageId}</span>
        <TextField label={t('packages.diamonds')} value={diamonds} onChange={setDiamonds} inputMode="numeric" error={input.diamonds === null ? t('packages.invalid') : null} />
        <TextField label={t('packages.bonus')} value={bonus} onChange={setBonus} inputMode="numeric" error={input.bonus === null ? t('packages.invalid') : null} />
        <TextField
          label={t('packages.price', { currency: pkg.currency.toUpperCase() })}
          value={price}
          onChange={setPrice}
          inputMode="decimal"
          error={
            input.priceMinor === null
              ? t('packages.priceInvalid', { min: (ECONOMY_ADMIN_LIMITS.minPackagePriceMinor / 100).toFixed(2), max: (ECONOMY_ADMIN_LIMITS.maxPackagePriceMinor / 100).toFixed(2) })
              : null
          }
        />
        <label className="flex h-10 items-center gap-2 text-sm">
          <input type="checkbox" className="size-4 accent-brand-600" checked={active} onChange={(e) => setActive(e.target.checked)} />
          {t('packages.onSale')}
        </label>
        <Button type="submit" variant="secondary" disabled={!valid || save.isPending}>
          {t('packages.save')}
        </Button>
      </form>
    </li>
  );
}

/** Admins: the recharge packages, their bonuses, prices and whether they are on sale (orders keep their own copy). */
export function PackagesAdmin() {
  const { t } = useTranslation('economy-admin');
  const packages = useCall(calls.economyAdmin.packages, {});
  if (packages.isPending) {
    return (
      <Loading className="flex flex-col gap-2">
        <Skeleton className="h-20 w-full rounded-xl" />
        <Skeleton className="h-20 w-full rounded-xl" />
      </Loading>
    );
  }
  if (packages.isError) return <LoadFailed onRetry={() => void packages.refetch()} />;
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm text-muted">{t('packages.note')}</p>
      <ul className="divide-y divide-line rounded-2xl border border-line bg-surface">
        {packages.data.map((pkg) => (
          <PackageRow key={`${pkg.packageId}:${pkg.diamonds}:${pkg.bonus}:${pkg.priceMinor}:${pkg.active}`} pkg={pkg} />
        ))}
      </ul>
    </div>
  );
}
