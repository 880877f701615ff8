import { NOTICE_LIMITS } from '@starlit/contract';
import { useId, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/button';
import { TextArea, TextField } from '../../ui/field';
import { useForm } from '../../ui/form';
import { SendIcon } from '../../ui/icons';
import { Spinner } from '../../ui/spinner';
import { notifySuccess } from '../../ui/toast';
import { useSendNotice } from './notice-queries';

type Audience = 'everyone' | 'user';

const audienceLabels = { everyone: 'send.audienceEveryone', user: 'send.audienceUser' } as const satisfies Record<Audience, string>;

const BLANK = { title: '', content: '', audience: 'everyone' as Audience, userId: '' };

/** Admins send a system notice to everyone or to one user (create_system_notice / create_user_system_notice). */
export function SendNoticeForm() {
  const { t } = useTranslation('notices');
  const send = useSendNotice();
  const form = useForm(BLANK);
  const { title, content, audience, userId } = form.values;
  const heading = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    send.mutate(
      { title: title.trim(), content: content.trim(), userId: audience === 'user' ? userId.trim() : null },
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
            <TextField label={t('send.userIdLabel')} value={userId} onChange={(v) => form.set('userId', v)} required placeholder="00000000-0000-0000-0000-000000000000" className="min-w-56 flex-1" />
          )}
          <Button type="submit" size="sm" className="ml-auto" disabled={send.isPending} icon={send.isPending ? <Spinner className="size-4" /> : <SendIcon size={16} />}>
            {t('send.submit')}
          </Button>
        </div>
      </div>
    </form>
  );
}
