import { calls, EXCHANGE_LIMITS, ExchangeTarget } from '@starlit/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useCall, useCallMutation } from '../../api/calls';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/field';
import { notifySuccess } from '../../ui/toast';

type Target = z.infer<typeof ExchangeTarget>;

function RateForm({ target, current }: { target: Target; current: number }) {
  const { t } = useTranslation('exchange');
  const [text, setText] = useState(String(current));
  const save = useCallMutation(calls.exchange.setRate, { invalidates: ['exchange'], onSuccess: () => notifySuccess(t('admin.saved')) });
  const value = /^\d+$/.test(text) ? Number(text) : 0;
  const valid = value >= 1 && value <= EXCHANGE_LIMITS.maxRate;
  // the unit's plural: "creation counts per diamond"
  const plural = t(`units.${target}`, { count: 2 });
  return (
    <form
      className="flex items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (valid) save.mutate({ target, perDiamond: value });
      }}
    >
      <TextField label={t('admin.rate', { unit: plural })} value={text} onChange={setText} inputMode="numeric" className="flex-1" />
      <Button type="submit" variant="secondary" disabled={!valid || save.isPending}>
        {t('admin.save')}
      </Button>
    </form>
  );
}

/** Admins: the units of each target one diamond buys (docs/economy.md, Exchange). */
export function ExchangeRatesAdmin() {
  const { t } = useTranslation('exchange');
  const rates = useCall(calls.exchange.rates, {});
  if (!rates.data) return null;
  return (
    <section aria-labelledby="exchange-rates-admin" className="flex flex-col gap-3 rounded-2xl border border-line p-4">
      <h3 id="exchange-rates-admin" className="font-semibold">
        {t('admin.title')}
      </h3>
      {ExchangeTarget.options.map((target) => (
        <RateForm key={target} target={target} current={rates.data[target]} />
      ))}
    </section>
  );
}
