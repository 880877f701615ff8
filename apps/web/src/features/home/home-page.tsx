import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { buttonClass } from '../../ui/button';
import { PlusIcon } from '../../ui/icons';
import { Tab, TabList, TabPanel, TabsRoot } from '../../ui/tabs';
import { useDocumentTitle } from '../../ui/use-document-title';
import type { HomeTabId } from './feed-types';
import { FeedPanel } from './feed-panel';
import { StarterCouponBanner } from '../recharge/starter-coupon';
import { LiveNow } from '../live/live-now';

/** Home tabs of SPEC §2, in order. */
const HOME_TABS: readonly HomeTabId[] = ['recommend', 'following', 'agent', 'image', 'video', 'audio', 'post'];

function isHomeTab(value: string | null): value is HomeTabId {
  return value !== null && (HOME_TABS as readonly string[]).includes(value);
}

export function HomePage() {
  const { t } = useTranslation('home');
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: HomeTabId = isHomeTab(requested) ? requested : 'recommend';
  useDocumentTitle(null);

  return (
    <div>
      <section className="relative overflow-hidden bg-gradient-to-br from-brand-900 via-brand-800 to-brand-700 text-white">
        <div aria-hidden="true" className="pointer-events-none absolute -top-24 right-[-6rem] size-80 rounded-full bg-brand-500/30 blur-3xl" />
        <div aria-hidden="true" className="pointer-events-none absolute bottom-[-8rem] left-1/3 size-72 rounded-full bg-fuchsia-500/20 blur-3xl" />
        <div className="relative mx-auto flex max-w-[1440px] flex-col gap-5 px-4 py-8 sm:px-6 md:flex-row md:items-center md:justify-between lg:px-8 lg:py-10">
          <div className="max-w-3xl">
            <h1 className="text-2xl font-bold tracking-tight sm:text-3xl lg:text-4xl">{t('hero.title')}</h1>
            <p className="mt-2 text-sm leading-relaxed text-white/80 sm:text-base">{t('hero.subtitle')}</p>
          </div>
          <Link to="/aigc-publish" className={buttonClass('light', 'md', 'self-start md:self-auto')}>
            <PlusIcon size={18} />
            {t('hero.cta')}
          </Link>
        </div>
      </section>
      <StarterCouponBanner />
      <LiveNow className="mx-auto mt-6 max-w-[1440px] px-4 sm:px-6 lg:px-8" />

      <TabsRoot value={tab} onValueChange={(value) => setParams(value === 'recommend' ? {} : { tab: value }, { replace: true })} className="mx-auto max-w-[1440px] px-4 sm:px-6 lg:px-8">
        <div className="sticky top-16 z-20 -mx-4 mb-6 border-b border-line bg-page/90 px-4 backdrop-blur-md sm:-mx-6 sm:px-6 lg:-mx-8 lg:px-8">
          <TabList label={t('tabsLabel')} className="py-1.5">
            {HOME_TABS.map((id) => (
              <Tab key={id} value={id}>
                {t(`tabs.${id}`)}
              </Tab>
            ))}
          </TabList>
        </div>
        {HOME_TABS.map((id) => (
          <TabPanel key={id} value={id} className="pb-16 focus-visible:outline-none">
            <FeedPanel tab={id} label={t(`tabs.${id}`)} />
          </TabPanel>
        ))}
      </TabsRoot>
    </div>
  );
}
