import { calls, NOTICE_LIMITS } from '@starlit/contract';
import { LIMITS } from '@starlit/contract/rules';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useCall } from '../../api/calls';
import { Button } from '../../ui/button';
import { FieldMessage, TextArea, TextField } from '../../ui/field';
import { useForm } from '../../ui/form';
import { SendIcon } from '../../ui/icons';
import { Spinner } from '../../ui/spinner';
import { notifySuccess } from '../../ui/toast';
import { useSendNotice } from './notice-queries';

type Audience = 'everyone' | 'user';

const audienceLabels = { everyone: 'send.audienceEveryone', user: 'send.audienceUser' } as const satisfies Record<Audience, string>;

interface Recipient {
  userId: string;
  userName: string;
}

const BLANK = { title: '', content: '', audience: 'everyone' as Audience, recipient: null as Recipient | null };

/** The one user a notice goes to, picked by name from an admin-only search. */
function RecipientPicker({ picked, onPick }: { picked: Recipient | null; onPick(user: Recipient | null): void }) {
  const { t } = useTranslation('notices');
  const [query, setQuery] = useState('');
  const [debounced, setDebounced] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(query.trim()), LIMITS.defaultDebounceMs);
    return () => clearTimeout(timer);
  }, [query]);
  const matches = useCall(calls.users.search, { query: debounced }, { enabled: debounced !== '' && picked === null });

  if (picked) {
    return (
      <div className="flex h-10 items-center gap-2 text-sm">
        <span className="text-muted">{t('send.to')}</span>
        <span className="font-semibold text-ink">{picked.userName}</span>
        <Button variant="secondary" size="sm" onClick={() => onPick(null)}>
          {t('send.change')}
        </Button>
      </div>
    );
  }
  const items = matches.data?.items ?? [];
  return (
    <div className="relative">
      <TextField label={t('send.userLabel')} value={query} onChange={setQuery} maxLength={40} autoComplete="off" placeholder={t('send.userPlaceholder')} />
      {debounced !== '' && matches.isSuccess && (
        <ul aria-label={t('send.matches')} className="mt-1 flex max-h-48 flex-col overflow-y-auto rounded-xl border border-line bg-surface py-1 shadow-sm">
          {items.length === 0 && <li className="px-3 py-2 text-sm text-muted">{t('send.noMatch')}</li>}
          {items.map((user) => (
            <li key={user.userId}>
              <button
                type="button"
                onClick={() => onPick(user)}
                className="w-full cursor-pointer px-3 py-2 text-left text-sm text-ink hover:bg-brand-50 focus-visible:bg-brand-50 focus-visible:outline-none dark:hover:bg-white/10"
              >
                {user.userName}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Admins send a system notice to everyone or to one user (create_system_notice / create_user_system_notice). */
export function SendNoticeForm() {
  const { t } = useTranslation('notices');
  const send = useSendNotice();
  const form = useForm(BLANK);
  const { title, content, audience, recipient } = form.values;
  const [needsRecipient, setNeedsRecipient] = useState(false);
  const heading = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (audience === 'user' && !recipient) return setNeedsRecipient(true);
    send.mutate(
      { title: title.trim(), content: content.trim(), userId: audience === 'user' && recipient ? recipient.userId : null },
      {
        onSuccess: () => {
          notifySuccess(t('send.sent'));
          // the audience stays as chosen for the next notice
          form.reset({ ...BLANK, audience });
        },
      },
    );
  };

  return (
    <form onSubmit={submit} aria-labelledby={heading} className="rounded-2xl border border-dashed border-brand-300 bg-brand-50/50 p-4 sm:p-5 dark:bg-white/5">
      <h2 id={heading} className="text-sm font-semibold text-ink">
        {t('send.title')}
        <span className="ml-2 rounded-full bg-brand-700 px-2 py-0.5 text-[10px] font-semibold tracking-wide text-white uppercase">{t('send.adminOnly')}</span>
      </h2>
      <div className="mt-3 grid gap-3">
        <TextField label={t('send.titleLabel')} value={title} onChange={(v) => form.set('title', v)} required maxLength={NOTICE_LIMITS.title} />
        <TextArea label={t('send.contentLabel')} value={content} onChange={(v) => form.set('content', v)} required maxLength={NOTICE_LIMITS.content} rows={2} />
        <div className="flex flex-wrap items-end gap-x-6 gap-y-3">
          <fieldset className="shrink-0">
            <legend className="mb-1.5 text-xs font-medium text-muted">{t('send.audience')}</legend>
            <div className="flex h-10 items-center gap-x-5 text-sm">
              {(['everyone', 'user'] as const).map((value) => (
                <label key={value} className="inline-flex cursor-pointer items-center gap-2">
                  <input type="radio" name="audience" value={value} checked={audience === value} onChange={() => form.set('audience', value)} className="size-4 accent-brand-700" />
                  {t(audienceLabels[value])}
                </label>
              ))}
            </div>
          </fieldset>
          {audience === 'user' && (
            <div className="min-w-56 flex-1">
              <RecipientPicker
                picked={recipient}
                onPick={(user) => {
                  form.set('recipient', user);
                  setNeedsRecipient(false);
                }}
              />
              <FieldMessage text={needsRecipient ? t('send.pickUser') : null} />
            </div>
          )}
          <Button type="submit" size="sm" className="ml-auto" disabled={send.isPending} icon={send.isPending ? <Spinner className="size-4" /> : <SendIcon size={16} />}>
            {t('send.submit')}
          </Button>
        </div>
      </div>
    </form>
  );
}
