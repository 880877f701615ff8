import { calls, STORE_LIMITS, type StoreItem } from '@starlit/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useCallMutation } from '../../api/calls';
import { Button } from '../../ui/button';
import { SelectField, TextField } from '../../ui/field';
import { notifySuccess } from '../../ui/toast';
import type { Currency } from './price';

/** Admins: whether the store is open, and the switch. Buyers of a closed store are told "Store not open". */
export function StoreOpenSwitch({ open }: { open: boolean }) {
  const { t } = useTranslation('store');
  const setOpen = useCallMutation(calls.store.setOpen, { invalidates: ['store'] });
  return (
    <section aria-label={t('admin.title')} className="flex flex-wrap items-center gap-3 rounded-2xl border border-dashed border-brand-300 px-4 py-3 dark:border-white/20">
      <h2 className="text-sm font-semibold">{t('admin.title')}</h2>
      <p className="text-sm text-muted">{open ? t('admin.isOpen') : t('admin.isClosed')}</p>
      <Button size="sm" variant="secondary" className="ml-auto" disabled={setOpen.isPending} onClick={() => setOpen.mutate({ open: !open })}>
        {open ? t('admin.close') : t('admin.open')}
      </Button>
    </section>
  );
}

/** Admins: an item's price and currency, edited in place on its card. */
export function PriceEditor({ item, onDone }: { item: z.infer<typeof StoreItem>; onDone(): void }) {
  const { t, i18n } = useTranslation('store');
  const name = i18n.language === 'zh_TW' ? item.name.zhTW : item.name.en;
  const [text, setText] = useState(String(item.price));
  const [currency, setCurrency] = useState<Currency>(item.currency);
  const [tried, setTried] = useState(false);
  const save = useCallMutation(calls.store.setPrice, {
    invalidates: ['store'],
    onSuccess: () => {
      notifySuccess(t('admin.saved'));
      onDone();
    },
  });
  const price = /^\d+$/.test(text.trim()) ? Number(text.trim()) : null;
  const valid = price !== null && price >= 1 && price <= STORE_LIMITS.maxPrice;
  return (
    <form
      className="flex flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        setTried(true);
        if (valid) save.mutate({ itemId: item.id, price, currency });
      }}
    >
      <TextField label={t('admin.price', { name })} value={text} onChange={setText} inputMode="numeric" error={tried && !valid ? t('admin.priceInvalid') : null} />
      <SelectField
        label={t('admin.currency')}
        value={currency}
        onChange={(v) => v && setCurrency(v)}
        options={[
          { value: 'JE', label: t('admin.JE') },
          { value: 'MSS', label: t('admin.MSS') },
        ]}
      />
      <div className="flex gap-2">
        <Button size="sm" type="submit" disabled={save.isPending}>
          {t('admin.save')}
        </Button>
        <Button size="sm" variant="secondary" onClick={onDone}>
          {t('admin.cancel')}
        </Button>
      </div>
    </form>
  );
}
