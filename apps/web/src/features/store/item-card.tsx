import { calls, type StoreItem } from '@starlit/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useCallMutation } from '../../api/calls';
import { imageUrl, staticUrl } from '../../platform/static-url';
import { Button } from '../../ui/button';
import { CheckIcon, PencilIcon } from '../../ui/icons';
import { Price } from './price';
import { PriceEditor } from './store-admin';

type Item = z.infer<typeof StoreItem>;

/** The item's name and description in the reader's language. */
export function useItemText() {
  const { i18n } = useTranslation();
  const zh = i18n.language === 'zh_TW';
  return (item: Item) => ({ name: zh ? item.name.zhTW : item.name.en, description: zh ? item.description.zhTW : item.description.en });
}

/** One item on the shelf: its picture, words, price, a preview for music, and what the reader can do with it. */
export function ItemCard({ item, inCart, signedIn, isAdmin, onSignIn }: { item: Item; inCart: boolean; signedIn: boolean; isAdmin: boolean; onSignIn(): void }) {
  const { t } = useTranslation('store');
  const { name, description } = useItemText()(item);
  const [editing, setEditing] = useState(false);
  const add = useCallMutation(calls.store.cartAdd, { invalidates: [calls.store.cart] });
  return (
    // a row on a phone (picture beside the words), a tall card from 640 px
    <li className="flex overflow-hidden rounded-2xl border border-line bg-surface shadow-sm sm:flex-col" data-testid={`store-item-${item.id}`}>
      <img
        src={imageUrl(item.cover, 480)}
        alt=""
        className="m-3 mr-0 size-24 shrink-0 rounded-xl bg-brand-50 object-cover sm:m-0 sm:aspect-square sm:size-auto sm:w-full sm:rounded-none dark:bg-white/5"
      />
      <div className="flex min-w-0 flex-1 flex-col gap-2 p-3 sm:p-4">
        <h3 className="text-base font-semibold">{name}</h3>
        {description && <p className="text-sm text-muted">{description}</p>}
        {item.preview && <audio controls preload="none" src={staticUrl(item.preview)} aria-label={t('preview', { name })} className="h-9 w-full" />}
        <div className="mt-auto flex flex-wrap items-center justify-between gap-2 pt-1">
          <Price amount={item.price} currency={item.currency} />
          {item.owned ? (
            <span className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-3 py-1.5 text-sm font-medium text-emerald-800 dark:bg-emerald-400/10 dark:text-emerald-200">
              <CheckIcon size={14} />
              {t('owned')}
            </span>
          ) : inCart ? (
            <span className="rounded-full bg-brand-50 px-3 py-1.5 text-sm font-medium text-brand-800 dark:bg-white/10 dark:text-brand-100">{t('inCart')}</span>
          ) : (
            <Button size="sm" aria-label={t('addNamed', { name })} disabled={add.isPending} onClick={() => (signedIn ? add.mutate({ itemId: item.id }) : onSignIn())}>
              {t('add')}
            </Button>
          )}
        </div>
        {isAdmin &&
          (editing ? (
            <PriceEditor item={item} onDone={() => setEditing(false)} />
          ) : (
            <Button size="sm" variant="secondary" icon={<PencilIcon size={14} />} aria-label={t('admin.editPriceOf', { name })} onClick={() => setEditing(true)}>
              {t('admin.editPrice')}
            </Button>
          ))}
      </div>
    </li>
  );
}
