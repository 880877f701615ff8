import { calls, MODERATION_LIMITS, type CallOutput } from '@starlit/contract';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useCall, useCallMutation } from '../../api/calls';
import { Button } from '../../ui/button';
import { DateTime } from '../../ui/date-time';
import { TextArea } from '../../ui/field';
import { useFieldError } from '../../ui/form';
import { TrashIcon } from '../../ui/icons';
import { LoadFailed } from '../../ui/load-failed';
import { Loading } from '../../ui/loading';
import { Skeleton } from '../../ui/skeleton';
import { notifyInfo, notifySuccess } from '../../ui/toast';
import { splitWords } from './prompt-words-input';

type Entry = CallOutput<typeof calls.moderation.promptWords>['items'][number];

const wordsSchema = calls.moderation.addPromptWords.input.shape.words;

/** The box to add words: checked with the contract's rule before it is sent. */
function AddWords() {
  const { t } = useTranslation('moderation');
  const fieldError = useFieldError();
  const [text, setText] = useState('');
  const [tried, setTried] = useState(false);
  const add = useCallMutation(calls.moderation.addPromptWords, {
    invalidates: ['moderation'],
    onSuccess: ({ added }) => {
      if (added.length > 0) notifySuccess(t('words.added', { count: added.length }));
      else notifyInfo(t('words.nothingNew'));
      setText('');
      setTried(false);
    },
  });
  const error = tried ? fieldError(wordsSchema, splitWords(text)) : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    const words = splitWords(text);
    if (fieldError(wordsSchema, words)) return;
    add.mutate({ words });
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-3 rounded-xl border border-dashed border-brand-300 bg-brand-50/50 p-4 dark:bg-white/5">
      <TextArea label={t('words.addLabel')} value={text} onChange={setText} error={error} rows={4} placeholder={t('words.addHint')} />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" size="sm" disabled={add.isPending}>
          {t('words.add')}
        </Button>
        <p className="text-xs text-muted">{t('words.addRule', { length: MODERATION_LIMITS.promptWordLength })}</p>
      </div>
    </form>
  );
}

function WordRow({ entry }: { entry: Entry }) {
  const { t } = useTranslation('moderation');
  const remove = useCallMutation(calls.moderation.removePromptWord, {
    invalidates: ['moderation'],
    onSuccess: () => notifySuccess(t('words.removed', { word: entry.word })),
  });
  return (
    <li className="flex items-center gap-3 px-4 py-2.5">
      <div className="min-w-0 flex-1">
        <p className="font-medium break-words">{entry.word}</p>
        <p className="text-xs text-muted">
          {t('words.by', { name: entry.addedBy?.userName ?? t('log.someone') })} · <DateTime value={entry.createdAt} className="tabular-nums" />
        </p>
      </div>
      <Button
        variant="secondary"
        size="sm"
        icon={<TrashIcon size={16} />}
        disabled={remove.isPending}
        onClick={() => remove.mutate({ word: entry.word })}
        aria-label={t('words.remove', { word: entry.word })}
        className="shrink-0"
      />
    </li>
  );
}

/**
 * The prompt word list (admins): the words creation descriptions may not contain, how they are
 * matched, adding some at once and removing one.
 */
export function PromptWordsPanel() {
  const { t } = useTranslation('moderation');
  const list = useCall(calls.moderation.promptWords, {});
  const countId = useId();
  return (
    <div className="flex flex-col gap-4 p-4">
      <div>
        <h2 className="text-lg font-semibold">{t('words.title')}</h2>
        <p className="mt-1 text-sm leading-relaxed text-muted">{t('words.about')}</p>
      </div>
      <div className="grid gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:items-start">
        <AddWords />
        {list.isPending ? (
          <Loading className="flex flex-col gap-2">
            <Skeleton className="h-12 w-full rounded-xl" />
            <Skeleton className="h-12 w-full rounded-xl" />
          </Loading>
        ) : list.isError ? (
          <LoadFailed onRetry={() => void list.refetch()} />
        ) : (
          <section aria-labelledby={countId} className="rounded-xl border border-line">
            <h3 id={countId} className="border-b border-line px-4 py-2.5 text-sm font-semibold">
              {t('words.count', { count: list.data.items.length, limit: list.data.limit })}
            </h3>
            {list.data.items.length === 0 ? (
              <p role="status" className="px-4 py-6 text-center text-sm text-muted">
                {t('words.empty')}
              </p>
            ) : (
              <ul aria-label={t('words.title')} className="divide-y divide-line">
                {list.data.items.map((entry) => (
                  <WordRow key={entry.word} entry={entry} />
                ))}
              </ul>
            )}
          </section>
        )}
      </div>
    </div>
  );
}
