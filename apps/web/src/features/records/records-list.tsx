import { calls, RECORD_KINDS, recordKindLabel, RECORDS_CSV_PATH, recordStatusLabel, type CallOutput, type Language, type RecordStatus } from '@starlit/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePagedCall } from '../../api/calls';
import { urlOf } from '../../api/client';
import { currentHeaders } from '../../api/headers';
import { invalidateCalls } from '../../api/keys';
import { currentLanguage } from '../../i18n/i18n';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { SelectField } from '../../ui/field';
import { Loading } from '../../ui/loading';
import { PagedList } from '../../ui/paged-list';
import { Skeleton } from '../../ui/skeleton';
import { Spinner } from '../../ui/spinner';
import { notifyError } from '../../ui/toast';

type Kind = (typeof RECORD_KINDS)[number];
type OrderRecord = CallOutput<typeof calls.records.list>['items'][number];

const PAGE_SIZE = 20;

/** The server writes records in the request's language: a language switch reads them again in the new one. */
function useRereadOnLanguageChange() {
  const queryClient = useQueryClient();
  const { i18n } = useTranslation();
  useEffect(() => {
    const reread = () => void invalidateCalls(queryClient, ['records']);
    i18n.on('languageChanged', reread);
    return () => i18n.off('languageChanged', reread);
  }, [i18n, queryClient]);
}

/** Saves the server's CSV of my records (the file it answers, under the name it gives). */
async function downloadCsv(kind: Kind | ''): Promise<boolean> {
  try {
    const res = await fetch(urlOf(RECORDS_CSV_PATH), { method: 'POST', headers: currentHeaders(), body: JSON.stringify(kind ? { kind } : {}) });
    if (!res.ok || !res.headers.get('content-type')?.startsWith('text/csv')) return false;
    const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'starlit-records.csv';
    const url = URL.createObjectURL(await res.blob());
    const link = Object.assign(document.createElement('a'), { href: url, download: name });
    document.body.append(link);
    link.click();
    link.remove();
    // the browser has taken the file once the click is handled
    setTimeout(() => URL.revokeObjectURL(url), 1000);
    return true;
  } catch {
    return false;
  }
}

/** The badge of a record that is not simply done: a hold by how it stands, a refund in the colour of money coming in. */
const STATUS_BADGES: Record<Exclude<RecordStatus, 'done'>, string> = {
  held: 'bg-amber-100 text-amber-900 dark:bg-amber-400/15 dark:text-amber-200',
  paid: 'bg-brand-100 text-brand-800 dark:bg-white/10 dark:text-brand-200',
  refunded: 'border border-line text-muted',
  refund: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-400/15 dark:text-emerald-200',
};

function RecordRow({ record, lang }: { record: OrderRecord; lang: Language }) {
  const { t } = useTranslation('records');
  const incoming = record.amount > 0;
  return (
    <li className="flex items-start justify-between gap-3 px-4 py-3" data-testid="record" data-status={record.status}>
      <div className="flex min-w-0 flex-col gap-0.5">
        <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className="font-medium break-words">{record.item}</span>
          {record.status !== 'done' && (
            <span className={`shrink-0 rounded-full px-2 text-xs leading-5 font-semibold ${STATUS_BADGES[record.status]}`} data-testid="record-status">
              {recordStatusLabel(record.status, lang)}
            </span>
          )}
        </span>
        <span className="text-sm text-muted">
          {record.type} · <time dateTime={record.at}>{record.time}</time>
        </span>
        <span className="truncate text-xs text-muted" title={record.orderId}>
          {t('orderId', { id: record.orderId })}
        </span>
      </div>
      <span className={`shrink-0 text-right font-semibold tabular-nums ${incoming ? 'text-emerald-600 dark:text-emerald-400' : 'text-ink'}`}>
        {incoming ? '+' : '−'}
        {Math.abs(record.amount)} <span className="text-xs font-medium text-muted">{record.currency}</span>
      </span>
    </li>
  );
}

/**
 * Order records (SPEC §3 Transaction record): every movement of a person's balances, newest
 * first, with a type filter and "Load more"; a hold's charge and its refund carry a badge of
 * their status (docs/economy.md, Records). Mine (with the CSV download) or, for admins in
 * the economy console, anyone's.
 */
export function RecordsList({ userId }: { userId?: string }) {
  const { t } = useTranslation('records');
  const [kind, setKind] = useState<Kind | ''>('');
  const [saving, setSaving] = useState(false);
  useRereadOnLanguageChange();
  const filter = kind ? { kind } : {};
  const mine = usePagedCall(calls.records.list, { limit: PAGE_SIZE, ...filter }, { enabled: !userId });
  const theirs = usePagedCall(calls.records.userList, { limit: PAGE_SIZE, userId: userId ?? '', ...filter }, { enabled: Boolean(userId) });
  const query = userId ? theirs : mine;
  const lang: Language = currentLanguage();
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <SelectField
          label={t('filter')}
          value={kind}
          onChange={(value) => setKind(RECORD_KINDS.find((k) => k === value) ?? '')}
          options={[{ value: '', label: t('allTypes') }, ...RECORD_KINDS.map((k) => ({ value: k, label: recordKindLabel(k, lang) }))]}
          className="w-full sm:w-64"
        />
        {!userId && (
          <Button
            variant="secondary"
            disabled={saving}
            icon={saving ? <Spinner className="size-4" /> : undefined}
            onClick={async () => {
              setSaving(true);
              if (!(await downloadCsv(kind))) notifyError(t('downloadFailed'));
              setSaving(false);
            }}
          >
            {t('download')}
          </Button>
        )}
      </div>
      <PagedList
        query={query}
        select={(page) => page.items}
        keyOf={(record) => record.id}
        loading={
          <Loading className="flex flex-col gap-2">
            {Array.from({ length: 4 }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders of a fixed count; the index is their identity
              <Skeleton key={i} className="h-16 w-full rounded-xl" />
            ))}
          </Loading>
        }
        empty={<EmptyState live title={t(kind ? 'emptyOfType' : 'empty')} />}
        className="overflow-hidden rounded-2xl border border-line bg-surface"
        footerClassName="border-t border-line"
      >
        {(records) => (
          <ul aria-label={t('title')} className="divide-y divide-line">
            {records.map((record) => (
              <RecordRow key={record.id} record={record} lang={lang} />
            ))}
          </ul>
        )}
      </PagedList>
    </div>
  );
}

/** My user center's "Order records" tab. */
export function RecordsTab() {
  const { t } = useTranslation('records');
  return (
    <section aria-labelledby="records-title" className="flex flex-col gap-4">
      <h2 id="records-title" className="text-lg font-semibold">
        {t('title')}
      </h2>
      <RecordsList />
    </section>
  );
}
