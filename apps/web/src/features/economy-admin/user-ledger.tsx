import { AdjustableCurrency, calls, ECONOMY_ADMIN_LIMITS, HELD_CURRENCIES, type CallOutput } from '@starlit/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useCall, useCallMutation } from '../../api/calls';
import { Button } from '../../ui/button';
import { FieldMessage, SelectField, TextArea, TextField } from '../../ui/field';
import { notifySuccess } from '../../ui/toast';
import { RecordsList } from '../records/records-list';
import { newRequestKey } from '../../api/request-key';

type Currency = z.infer<typeof AdjustableCurrency>;
type Found = CallOutput<typeof calls.economyAdmin.findUser>;

const signedWhole = (text: string) => (/^[+-]?\d+$/.test(text.trim()) ? Number(text.trim()) : null);

/** Adds to or takes from one balance, with a reason; a key per request so a double click adjusts once. */
function AdjustForm({ userId }: { userId: string }) {
  const { t } = useTranslation('economy-admin');
  const [currency, setCurrency] = useState<Currency>('JE');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [key, setKey] = useState(newRequestKey);
  const [tried, setTried] = useState(false);
  const adjust = useCallMutation(calls.economyAdmin.adjust, {
    invalidates: ['economyAdmin', 'records', 'ledger'],
    onSuccess: () => {
      notifySuccess(t('adjust.done'));
      setAmount('');
      setReason('');
      setTried(false);
      setKey(newRequestKey());
    },
  });
  // a changed request is a new request: it gets its own key
  const edit = (set: (value: string) => void) => (value: string) => {
    set(value);
    setKey(newRequestKey());
  };
  const value = signedWhole(amount);
  const amountError = value === null || value === 0 || Math.abs(value) > ECONOMY_ADMIN_LIMITS.maxAdjustment ? t('adjust.amountInvalid') : null;
  const reasonError = reason.trim() === '' ? t('adjust.reasonRequired') : null;
  return (
    <form
      aria-labelledby="adjust-title"
      className="flex flex-col gap-3 rounded-2xl border border-line p-4"
      onSubmit={(event) => {
        event.preventDefault();
        setTried(true);
        if (amountError || reasonError || value === null) return;
        adjust.mutate({ userId, currency, amount: value, reason: reason.trim(), key });
      }}
    >
      <h3 id="adjust-title" className="font-semibold">
        {t('adjust.title')}
      </h3>
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField
          label={t('adjust.currency')}
          value={currency}
          onChange={(c) => {
            if (c) setCurrency(c);
            setKey(newRequestKey());
          }}
          options={AdjustableCurrency.options.map((c) => ({ value: c, label: t(`currencies.${c}`) }))}
        />
        <TextField label={t('adjust.amount')} value={amount} onChange={edit(setAmount)} inputMode="numeric" placeholder="+100 / -100" error={tried ? amountError : null} />
      </div>
      <TextArea label={t('adjust.reason')} value={reason} onChange={edit(setReason)} max={ECONOMY_ADMIN_LIMITS.reasonMax} error={tried ? reasonError : null} />
      <FieldMessage tone="info" text={t('adjust.note')} />
      <div className="flex justify-end">
        <Button type="submit" disabled={adjust.isPending}>
          {t('adjust.submit')}
        </Button>
      </div>
    </form>
  );
}

function Balances({ userId, initial }: { userId: string; initial: Found['balances'] }) {
  const { t } = useTranslation('economy-admin');
  const balances = useCall(calls.economyAdmin.balances, { userId }, { initialData: initial });
  return (
    <ul aria-label={t('lookup.balances')} className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {HELD_CURRENCIES.map((c) => (
        <li key={c} className="flex flex-col rounded-2xl border border-line bg-surface p-3">
          <span className="text-sm text-muted">{t(`currencies.${c}`)}</span>
          <span className="text-xl font-semibold tabular-nums" data-testid={`admin-balance-${c}`}>
            {balances.data?.[c] ?? initial[c]}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** Look a person up by name: their balances, an adjustment, their ledger records. */
export function UserLedger() {
  const { t } = useTranslation('economy-admin');
  const [name, setName] = useState('');
  const [found, setFound] = useState<Found | null>(null);
  const find = useCallMutation(calls.economyAdmin.findUser, { onSuccess: setFound });
  return (
    <div className="flex flex-col gap-4">
      <form
        role="search"
        className="flex items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          if (name.trim()) find.mutate({ name: name.trim() });
        }}
      >
        <TextField label={t('lookup.name')} value={name} onChange={setName} className="flex-1" autoComplete="off" />
        <Button type="submit" disabled={find.isPending || name.trim() === ''}>
          {t('lookup.find')}
        </Button>
      </form>
      {found && (
        <section aria-labelledby="found-user" className="flex flex-col gap-4" key={found.userId}>
          <h3 id="found-user" className="text-lg font-semibold">
            {t('lookup.of', { name: found.userName })}
          </h3>
          <Balances userId={found.userId} initial={found.balances} />
          <AdjustForm userId={found.userId} />
          <h3 className="font-semibold">{t('lookup.records')}</h3>
          <RecordsList userId={found.userId} />
        </section>
      )}
    </div>
  );
}
