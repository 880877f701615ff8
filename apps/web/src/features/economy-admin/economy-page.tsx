import type { ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../ui/empty-state';
import { AlertIcon } from '../../ui/icons';
import { Tab, TabList, TabPanel, TabsRoot } from '../../ui/tabs';
import { useDocumentTitle } from '../../ui/use-document-title';
import { useIsAdmin } from '../auth/auth-store';
import { ExchangeRatesAdmin } from '../exchange/exchange-rates-admin';
import { RedeemAdmin } from '../redeem/redeem-admin';
import { PackagesAdmin } from './packages-admin';
import { GiftPricesAdmin, SkillPricesAdmin, StoreAdminLink, VoicePricesAdmin } from './prices-admin';
import { UserLedger } from './user-ledger';

/**
 * The console's sections, in order: each is a tab with its own panel. A slice with prices of
 * its own (store items, skills, voices, gifts) adds its section here, with its title in the
 * `economy` locale files under `sections`.
 */
const SECTIONS = [
  { id: 'users', panel: () => <UserLedger /> },
  { id: 'packages', panel: () => <PackagesAdmin /> },
  { id: 'rates', panel: () => <ExchangeRatesAdmin /> },
  { id: 'codes', panel: () => <RedeemAdmin /> },
  { id: 'skills', panel: () => <SkillPricesAdmin /> },
  { id: 'voices', panel: () => <VoicePricesAdmin /> },
  { id: 'gifts', panel: () => <GiftPricesAdmin /> },
  { id: 'store', panel: () => <StoreAdminLink /> },
] as const satisfies readonly { id: string; panel: () => ReactNode }[];

type SectionId = (typeof SECTIONS)[number]['id'];

/** `/economy` (admins): people's balances and records, adjustments, recharge packages, exchange rates, redeem codes, prices of skills, voices and gifts, and the way to the store's controls. */
export function EconomyPage() {
  const { t } = useTranslation('economy-admin');
  const isAdmin = useIsAdmin();
  const [section, setSection] = useState<SectionId>('users');
  useDocumentTitle(t('title'));
  if (!isAdmin) {
    return (
      <div className="mx-auto max-w-6xl px-4 py-8">
        <EmptyState icon={<AlertIcon size={30} />} title={t('adminsOnly.title')} body={t('adminsOnly.body')} />
      </div>
    );
  }
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-5 px-4 py-6 sm:py-8">
      <h1 className="text-2xl font-bold tracking-tight">{t('title')}</h1>
      <TabsRoot
        value={section}
        onValueChange={(value) => setSection(SECTIONS.find((s) => s.id === value)?.id ?? 'users')}
        orientation="vertical"
        className="flex flex-col gap-5 lg:flex-row lg:items-start"
      >
        <TabList label={t('sections.label')} className="lg:w-52 lg:shrink-0 lg:flex-col lg:rounded-2xl lg:border lg:border-line lg:bg-surface lg:p-2">
          {SECTIONS.map((s) => (
            <Tab key={s.id} value={s.id} variant="pill">
              {t(`sections.${s.id}`)}
            </Tab>
          ))}
        </TabList>
        <div className="min-w-0 flex-1">
          {SECTIONS.map((s) => (
            <TabPanel key={s.id} value={s.id}>
              <section aria-labelledby={`economy-${s.id}`} className="flex flex-col gap-4">
                <h2 id={`economy-${s.id}`} className="text-lg font-semibold">
                  {t(`sections.${s.id}`)}
                </h2>
                {s.panel()}
              </section>
            </TabPanel>
          ))}
        </div>
      </TabsRoot>
    </div>
  );
}
