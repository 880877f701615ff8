import { calls, REDEEM_LIMITS, RedeemCurrency } from '@starlit/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useCallMutation } from '../../api/calls';
import { Button } from '../../ui/button';
import { Field, FieldMessage, inputClass, SelectField, TextField } from '../../ui/field';
import { notifySuccess } from '../../ui/toast';

type Currency = z.infer<typeof RedeemCurrency>;

const wholeIn = (text: string, max: number) => (/^\d+$/.test(text) && Number(text) >= 1 && Number(text) <= max ? Number(text) : null);

/** A week from now, as a datetime-local input shows it. */
function aWeekFromNow(): string {
  const d = new Date(Date.now() + 7 * 24 * 3600_000);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

/** Admins: a batch of redeem codes; the codes are shown here once, as the server keeps only their hashes. */
export function RedeemAdmin() {
  const { t } = useTranslation('redeem');
  const [currency, setCurrency] = useState<Currency>('JE');
  const [value, setValue] = useState('10');
  const [count, setCount] = useState('1');
  const [uses, setUses] = useState('1');
  const [expires, setExpires] = useState(aWeekFromNow);
  const [tried, setTried] = useState(false);
  const create = useCallMutation(calls.redeem.createBatch, { onSuccess: (made) => notifySuccess(t('admin.created', { count: made.codes.length })) });
  const input = {
    value: wholeIn(value, REDEEM_LIMITS.maxValue),
    count: wholeIn(count, REDEEM_LIMITS.codesPerBatch),
    usesPerCode: wholeIn(uses, REDEEM_LIMITS.maxUsesPerCode),
    expiresAt: expires ? new Date(expires) : null,
  };
  return (
    <section aria-labelledby="redeem-admin" className="flex flex-col gap-3 rounded-2xl border border-line p-4">
      <h3 id="redeem-admin" className="font-semibold">
        {t('admin.title')}
      </h3>
      <form
        className="grid gap-3 sm:grid-cols-2"
        onSubmit={(event) => {
          event.preventDefault();
          setTried(true);
          const { value: v, count: n, usesPerCode: u, expiresAt: e } = input;
          if (v === null || n === null || u === null || e === null || Number.isNaN(e.getTime())) return;
          create.mutate({ currency, value: v, count: n, usesPerCode: u, expiresAt: e.toISOString() });
        }}
      >
        <SelectField label={t('admin.currency')} value={currency} onChange={(c) => c && setCurrency(c)} options={RedeemCurrency.options.map((c) => ({ value: c, label: t(`units.${c}`) }))} />
        <TextField label={t('admin.value')} value={value} onChange={setValue} inputMode="numeric" />
        <TextField label={t('admin.count')} value={count} onChange={setCount} inputMode="numeric" />
        <TextField label={t('admin.uses')} value={uses} onChange={setUses} inputMode="numeric" />
        <Field label={t('admin.expires')}>{(control) => <input {...control} type="datetime-local" value={expires} onChange={(e) => setExpires(e.target.value)} className={inputClass} />}</Field>
        <div className="flex items-end justify-end">
          <Button type="submit" disabled={create.isPending}>
            {t('admin.submit')}
          </Button>
        </div>
        <div className="sm:col-span-2">
          <FieldMessage text={tried && Object.values(input).includes(null) ? t('admin.invalid') : null} />
        </div>
      </form>
      {create.data && (
        <Field label={t('admin.codes')}>
          {(control) => <textarea {...control} readOnly rows={Math.min(8, create.data.codes.length)} value={create.data.codes.join('\n')} className={`${inputClass} font-mono`} />}
        </Field>
      )}
    </section>
  );
}
