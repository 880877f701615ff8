import { calls, StoreCategory } from '@starlit/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useCall } from '../../api/calls';
import { buttonClass } from '../../ui/button';
import { LoadFailed } from '../../ui/load-failed';
import { Spinner } from '../../ui/spinner';
import { Tab, TabList, TabPanel, TabsRoot } from '../../ui/tabs';
import { useDocumentTitle } from '../../ui/use-document-title';
import { useAuthStore, useIsAdmin } from '../auth/auth-store';
import { redirectToSignIn } from '../auth/sign-in';
import { CartPanel } from './cart-panel';
import { ItemCard } from './item-card';
import { Price } from './price';
import { StoreOpenSwitch } from './store-admin';

type Category = z.infer<typeof StoreCategory>;

function Balances() {
  const { t } = useTranslation('store');
  const balances = useCall(calls.ledger.balances, {});
  if (!balances.data) return null;
  return (
    <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted">
      <span>{t('balance')}</span>
      <Price amount={balances.data.JE} currency="JE" className="text-ink" />
      <span aria-hidden="true">·</span>
      <Price amount={balances.data.MSS} currency="MSS" className="text-ink" />
    </p>
  );
}

/**
 * `/store` (SPEC §2 Store; the route is ours, docs/economy.md): tabs Clothing, Scene, Music and
 * Avatar, and the cart beside them (below them on a phone). Anyone may look; the cart and
 * buying need signing in. Admins open and close the store and edit prices here.
 */
export function StorePage() {
  const { t } = useTranslation('store');
  useDocumentTitle(t('title'));
  const signedIn = useAuthStore((s) => s.session !== null);
  const isAdmin = useIsAdmin();
  const [tab, setTab] = useState<Category>('Clothing');
  const catalogue = useCall(calls.store.items, {});
  const cart = useCall(calls.store.cart, {}, { enabled: signedIn });
  if (catalogue.isError) return <LoadFailed onRetry={() => void catalogue.refetch()} />;
  const inCart = new Set(cart.data?.lines.map((l) => l.item.id));
  const open = catalogue.data?.open ?? true;
  return (
    <div className="mx-auto flex max-w-[1280px] flex-col gap-6 px-4 py-8 sm:px-6 md:py-10 lg:px-8">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex flex-col gap-1">
          <h1 className="text-2xl font-bold tracking-tight">{t('title')}</h1>
          <p className="text-sm text-muted">{t('intro')}</p>
          {signedIn && <Balances />}
        </div>
        {cart.data && cart.data.lines.length > 0 && (
          <a href="#cart" className={buttonClass('secondary', 'sm', 'lg:hidden')}>
            {t('cart.open', { count: cart.data.lines.length })}
          </a>
        )}
      </div>
      {!open && (
        <div role="alert" className="rounded-2xl border border-amber-300 bg-amber-50 px-4 py-3 text-amber-900 dark:border-amber-400/40 dark:bg-amber-400/10 dark:text-amber-100">
          <p className="font-semibold">{t('closed')}</p>
          <p className="text-sm">{t('closedHint')}</p>
        </div>
      )}
      {isAdmin && catalogue.data && <StoreOpenSwitch open={open} />}
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_340px]">
        <TabsRoot value={tab} onValueChange={(v) => setTab(StoreCategory.parse(v))}>
          <TabList label={t('tabs.label')} className="border-b border-line">
            {StoreCategory.options.map((c) => (
              <Tab key={c} value={c}>
                {t(`tabs.${c}`)}
              </Tab>
            ))}
          </TabList>
          {StoreCategory.options.map((c) => (
            <TabPanel key={c} value={c} className="pt-5">
              {!catalogue.data ? (
                <Spinner />
              ) : (
                <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
                  {catalogue.data.items
                    .filter((item) => item.category === c)
                    .map((item) => (
                      <ItemCard key={item.id} item={item} inCart={inCart.has(item.id)} signedIn={signedIn} isAdmin={isAdmin} onSignIn={redirectToSignIn} />
                    ))}
                </ul>
              )}
            </TabPanel>
          ))}
        </TabsRoot>
        <div className="lg:sticky lg:top-24">
          {signedIn ? (
            cart.data ? (
              <CartPanel cart={cart.data} open={open} />
            ) : (
              <Spinner />
            )
          ) : (
            <section aria-label={t('cart.title')} className="rounded-2xl border border-line bg-surface p-5 text-sm text-muted shadow-sm">
              {t('cart.signIn')}
            </section>
          )}
        </div>
      </div>
    </div>
  );
}
