import { calls, ErrorCode, type CallOutput, type StoreCart } from '@starlit/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useCall, useCallMutation } from '../../api/calls';
import { callApi, isOk, isRefused } from '../../api/client';
import { invalidateCalls } from '../../api/keys';
import { imageUrl } from '../../platform/static-url';
import { Button } from '../../ui/button';
import { TrashIcon } from '../../ui/icons';
import { notifySuccess } from '../../ui/toast';
import { useItemText } from './item-card';
import { openRecharge } from '../recharge/open-recharge';
import { Price } from './price';
import { newRequestKey } from '../../api/request-key';

type Cart = z.infer<typeof StoreCart>;
type Order = CallOutput<typeof calls.store.buy>;

/** What became of the last purchase, as the cart says it (SPEC §8). */
type Outcome = { kind: 'bought'; order: Order } | { kind: 'insufficient'; diamonds: boolean } | { kind: 'closed' } | { kind: 'failed'; detail: string };

/**
 * The cart (SPEC §2 Store): select all, reset (deselects every line, keeping them), clear all,
 * and Buy, which buys the selected lines at once, all or nothing. The key names one purchase:
 * it changes when the selection does and after a purchase, and a second click while the first
 * is on its way (or before the cart has refreshed) sends the same key, so the server answers
 * the same order.
 */
export function CartPanel({ cart, open }: { cart: Cart; open: boolean }) {
  const { t } = useTranslation('store');
  const text = useItemText();
  const queryClient = useQueryClient();
  const balances = useCall(calls.ledger.balances, {});
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const selected = cart.lines.filter((l) => l.selected);
  const selection = selected.map((l) => l.item.id).join(',');
  const [keyed, setKeyed] = useState({ selection, key: newRequestKey() });
  // a different selection is a different purchase: it gets its own key
  const key = keyed.selection === selection ? keyed.key : newRequestKey();
  if (keyed.selection !== selection) setKeyed({ selection, key });
  const totals = { JE: 0, MSS: 0 };
  for (const line of selected) totals[line.item.currency] += line.item.price;

  const cartCall = { invalidates: [calls.store.cart] } as const;
  const selectAll = useCallMutation(calls.store.cartSelect, cartCall);
  const clear = useCallMutation(calls.store.cartClear, cartCall);
  const remove = useCallMutation(calls.store.cartRemove, cartCall);
  const toggle = useCallMutation(calls.store.cartSelect, cartCall);
  // refusals are said here, beside the button, rather than in a toast
  const buy = useMutation({
    mutationFn: (input: { itemIds: string[]; totals: typeof totals; key: string }) => callApi(calls.store.buy, input),
    onSuccess: async (result) => {
      if (isOk(result)) {
        setOutcome({ kind: 'bought', order: result.data });
        if (!result.data.replayed) notifySuccess(t('bought', { count: result.data.items.length }));
        await invalidateCalls(queryClient, ['store', 'ledger']);
      } else if (isRefused(result) && result.code === ErrorCode.LEDGER_INSUFFICIENT) {
        // recharging buys diamonds: it is offered when diamonds are what is missing
        const fresh = await balances.refetch();
        setOutcome({ kind: 'insufficient', diamonds: !fresh.data || fresh.data.JE < totals.JE });
      } else if (isRefused(result) && result.code === ErrorCode.STORE_NOT_OPEN) setOutcome({ kind: 'closed' });
      else {
        setOutcome({ kind: 'failed', detail: result.message });
        // a price changed: the cart and shelf are read again, so the new price shows and the next Buy sends it
        if (isRefused(result) && result.code === ErrorCode.STORE_PRICE_CHANGED) await invalidateCalls(queryClient, ['store']);
      }
    },
  });

  const busy = selectAll.isPending || clear.isPending;
  return (
    <section aria-labelledby="cart-title" id="cart" className="flex flex-col gap-4 rounded-2xl border border-line bg-surface p-4 shadow-sm sm:p-5">
      <div className="flex items-baseline justify-between gap-2">
        <h2 id="cart-title" className="text-lg font-semibold">
          {t('cart.title')}
        </h2>
        <span className="text-sm text-muted">{t('cart.count', { count: cart.lines.length })}</span>
      </div>
      {cart.lines.length === 0 ? (
        <p className="text-sm text-muted">{t('cart.empty')}</p>
      ) : (
        <>
          <div className="flex flex-wrap gap-2">
            <Button size="sm" variant="secondary" disabled={busy} onClick={() => selectAll.mutate({ selected: true })}>
              {t('cart.selectAll')}
            </Button>
            <Button size="sm" variant="secondary" disabled={busy} title={t('cart.resetHint')} onClick={() => selectAll.mutate({ selected: false })}>
              {t('cart.reset')}
            </Button>
            <Button size="sm" variant="secondary" disabled={busy} onClick={() => clear.mutate({})}>
              {t('cart.clearAll')}
            </Button>
          </div>
          <ul className="flex flex-col divide-y divide-line">
            {cart.lines.map(({ item, selected: on }) => {
              const { name } = text(item);
              return (
                <li key={item.id} className="flex items-center gap-3 py-2.5">
                  <input
                    type="checkbox"
                    className="size-4 shrink-0 accent-brand-600"
                    checked={on}
                    aria-label={t('cart.select', { name })}
                    onChange={(e) => toggle.mutate({ itemId: item.id, selected: e.target.checked })}
                  />
                  <img src={imageUrl(item.cover, 96)} alt="" className="size-11 shrink-0 rounded-lg bg-brand-50 object-cover dark:bg-white/5" />
                  <div className="min-w-0 flex-1">
                    <p className="truncate text-sm font-medium">{name}</p>
                    <Price amount={item.price} currency={item.currency} className="text-xs text-muted" />
                  </div>
                  <button
                    type="button"
                    aria-label={t('cart.remove', { name })}
                    onClick={() => remove.mutate({ itemId: item.id })}
                    className="grid size-9 shrink-0 cursor-pointer place-items-center rounded-full text-muted transition-colors hover:bg-brand-50 hover:text-ink focus-visible:outline-2 focus-visible:outline-brand-500 dark:hover:bg-white/10"
                  >
                    <TrashIcon size={16} />
                  </button>
                </li>
              );
            })}
          </ul>
          <div className="flex flex-wrap items-center justify-between gap-2 border-t border-line pt-3">
            <span className="text-sm font-medium">{t('cart.total')}</span>
            {selected.length === 0 ? (
              <span className="text-sm text-muted">{t('cart.nothing')}</span>
            ) : (
              <span className="flex flex-wrap items-center gap-3" data-testid="cart-total">
                {totals.JE > 0 && <Price amount={totals.JE} currency="JE" />}
                {totals.MSS > 0 && <Price amount={totals.MSS} currency="MSS" />}
              </span>
            )}
          </div>
          <Button disabled={selected.length === 0 || !open} onClick={() => buy.mutate({ itemIds: selected.map((l) => l.item.id), totals, key })}>
            {buy.isPending ? t('cart.buying') : t('cart.buy', { count: selected.length })}
          </Button>
        </>
      )}
      {outcome && <OutcomeMessage outcome={outcome} onRecharge={openRecharge} />}
    </section>
  );
}

function OutcomeMessage({ outcome, onRecharge }: { outcome: Outcome; onRecharge(): void }) {
  const { t } = useTranslation('store');
  if (outcome.kind === 'bought') {
    return (
      <div role="status" className="rounded-xl bg-emerald-50 px-4 py-3 text-sm text-emerald-900 dark:bg-emerald-400/10 dark:text-emerald-100">
        <p className="font-medium">{t('bought', { count: outcome.order.items.length })}</p>
        <p className="mt-0.5 text-xs break-all opacity-80" data-testid="store-order-id">
          {t('order', { id: outcome.order.orderId })}
        </p>
      </div>
    );
  }
  const alert = 'rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900 dark:border-red-400/30 dark:bg-red-400/10 dark:text-red-100';
  if (outcome.kind === 'insufficient') {
    return (
      <div role="alert" className={`${alert} flex flex-col items-start gap-2`}>
        <p className="font-semibold">{t('insufficient')}</p>
        <p>{outcome.diamonds ? t('insufficientHint') : t('insufficientPoints')}</p>
        {outcome.diamonds && (
          <Button size="sm" onClick={onRecharge}>
            {t('recharge')}
          </Button>
        )}
      </div>
    );
  }
  if (outcome.kind === 'closed') {
    return (
      <p role="alert" className={`${alert} font-semibold`}>
        {t('closed')}
      </p>
    );
  }
  return (
    <div role="alert" className={alert}>
      <p className="font-semibold">{t('failed')}</p>
      {outcome.detail && <p className="mt-0.5">{outcome.detail}</p>}
    </div>
  );
}
