import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../ui/empty-state';
import { AlertIcon, ChevronLeftIcon } from '../../ui/icons';
import { Tab, TabList, TabPanel, TabsRoot } from '../../ui/tabs';
import { useDocumentTitle } from '../../ui/use-document-title';
import { useIsAdmin } from '../auth/auth-store';
import { WorkDetail } from './moderation-detail';
import { AuditLog, QueueList } from './moderation-lists';
import { PromptWordsPanel } from './prompt-words-panel';

const TABS = ['queue', 'log', 'words'] as const;
type ConsoleTab = (typeof TABS)[number];
const isTab = (value: string): value is ConsoleTab => (TABS as readonly string[]).includes(value);

/** The moderation console (admins): the report queue with each work's evidence and actions, the audit log, and the prompt word list. */
export function ModerationPage() {
  const { t } = useTranslation('moderation');
  const isAdmin = useIsAdmin();
  const [tab, setTab] = useState<ConsoleTab>('queue');
  const [selected, setSelected] = useState<string | null>(null);
  useDocumentTitle(t('title'));
  if (!isAdmin) {
    return (
      <div className="mx-auto max-w-6xl px-4 py-8">
        <EmptyState icon={<AlertIcon size={30} />} title={t('adminsOnly.title')} body={t('adminsOnly.body')} />
      </div>
    );
  }
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-5 px-4 py-6 sm:py-8">
      <h1 className="text-2xl font-bold tracking-tight">{t('title')}</h1>
      <TabsRoot value={tab} onValueChange={(value) => setTab(isTab(value) ? value : 'queue')}>
        <TabList label={t('tabs.label')}>
          <Tab value="queue">{t('tabs.queue')}</Tab>
          <Tab value="log">{t('tabs.log')}</Tab>
          <Tab value="words">{t('tabs.words')}</Tab>
        </TabList>
        <TabPanel value="queue" className="mt-4">
          <div className="grid gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
            {/* on a narrow screen the detail replaces the list, with a way back */}
            <div className={`rounded-2xl border border-line bg-surface ${selected ? 'hidden lg:block' : ''}`}>
              <QueueList selected={selected} onSelect={setSelected} />
            </div>
            <div className={`rounded-2xl border border-line bg-surface ${selected ? '' : 'hidden lg:block'}`}>
              {selected ? (
                <>
                  <button
                    type="button"
                    onClick={() => setSelected(null)}
                    className="m-2 inline-flex cursor-pointer items-center gap-1 rounded-full px-3 py-1.5 text-sm text-muted hover:bg-brand-50 lg:hidden dark:hover:bg-white/10"
                  >
                    <ChevronLeftIcon size={16} />
                    {t('detail.back')}
                  </button>
                  <WorkDetail workId={selected} />
                </>
              ) : (
                <EmptyState title={t('detail.pickTitle')} body={t('detail.pickBody')} />
              )}
            </div>
          </div>
        </TabPanel>
        <TabPanel value="log" className="mt-4 rounded-2xl border border-line bg-surface">
          <AuditLog />
        </TabPanel>
        <TabPanel value="words" className="mt-4 rounded-2xl border border-line bg-surface">
          <PromptWordsPanel />
        </TabPanel>
      </TabsRoot>
    </div>
  );
}
