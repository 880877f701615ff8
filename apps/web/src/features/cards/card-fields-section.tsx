import { CARD_FIELD_LIMITS, calls, type CardFields } from '@starlit/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi, isOk } from '../../api/client';
import { useCall } from '../../api/calls';
import { callKey } from '../../api/keys';
import { Button } from '../../ui/button';
import { TrashIcon } from '../../ui/icons';
import { FieldMessage, inputClass, TextArea } from '../../ui/field';

type Fields = CardFields;
type Entry = Fields['lorebook'][number];

const keysText = (keys: string[]) => keys.join(', ');
const keysOf = (text: string) =>
  text
    .split(/[,，]/)
    .map((key) => key.trim())
    .filter(Boolean);

// rows keep a key of their own while rows above them are added or removed
let rowSeq = 0;
const rowKeys = (count: number) => Array.from({ length: count }, () => ++rowSeq);

/** The agent's texts from its character card, once it has some; the card's own names in brackets. */
export function CardFieldsSection({ agentId }: { agentId: string }) {
  const fields = useCall(calls.cards.fields, { agentId });
  if (!fields.data) return null;
  return <CardFieldsForm agentId={agentId} initial={fields.data} />;
}

function CardFieldsForm({ agentId, initial }: { agentId: string; initial: Fields }) {
  const { t } = useTranslation('cards');
  const queryClient = useQueryClient();
  const [form, setForm] = useState(initial);
  // keys are typed as text ("a, b") and read when saved, so a comma can be typed
  const [keys, setKeys] = useState(() => initial.lorebook.map((entry) => keysText(entry.keys)));
  const [greetingKeys, setGreetingKeys] = useState(() => rowKeys(initial.alternateGreetings.length));
  const [entryKeys, setEntryKeys] = useState(() => rowKeys(initial.lorebook.length));
  const [state, setState] = useState<'idle' | 'saving' | 'saved'>('idle');
  const [refusal, setRefusal] = useState('');

  const change = (next: Partial<Fields>) => {
    setForm((current) => ({ ...current, ...next }));
    setState('idle');
  };
  const changeEntry = (index: number, next: Partial<Entry>) => change({ lorebook: form.lorebook.map((entry, i) => (i === index ? { ...entry, ...next } : entry)) });

  const save = async () => {
    setState('saving');
    const result = await callApi(calls.cards.setFields, { agentId, ...form, lorebook: form.lorebook.map((entry, i) => ({ ...entry, keys: keysOf(keys[i] ?? '') })) });
    if (!isOk(result)) {
      setState('idle');
      return setRefusal(result.message);
    }
    setRefusal('');
    setForm(result.data);
    setKeys(result.data.lorebook.map((entry) => keysText(entry.keys)));
    setGreetingKeys(rowKeys(result.data.alternateGreetings.length));
    setEntryKeys(rowKeys(result.data.lorebook.length));
    queryClient.setQueryData(callKey(calls.cards.fields, { agentId }), result.data);
    setState('saved');
  };

  return (
    <section aria-labelledby="agent-card-fields-title" className="rounded-2xl border border-line bg-surface p-4 shadow-sm sm:p-6">
      <header className="mb-4">
        <h2 id="agent-card-fields-title" className="text-base font-semibold text-ink">
          {t('fields.title')}
        </h2>
        <p className="mt-1 text-sm text-muted">{t('fields.hint')}</p>
      </header>
      <div className="flex flex-col gap-4">
        <TextArea label={t('fields.personality')} rows={3} value={form.personality} max={CARD_FIELD_LIMITS.text} onChange={(personality) => change({ personality })} />
        <TextArea label={t('fields.scenario')} rows={3} value={form.scenario} max={CARD_FIELD_LIMITS.text} onChange={(scenario) => change({ scenario })} />

        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium text-ink">{t('fields.greetings')}</legend>
          {form.alternateGreetings.map((greeting, index) => (
            <div key={greetingKeys[index]} className="flex items-start gap-2">
              <textarea
                aria-label={t('fields.greeting', { n: index + 1 })}
                value={greeting}
                rows={2}
                maxLength={CARD_FIELD_LIMITS.text}
                onChange={(e) => change({ alternateGreetings: form.alternateGreetings.map((g, i) => (i === index ? e.target.value : g)) })}
                className={`${inputClass} flex-1`}
              />
              <Button
                variant="secondary"
                size="sm"
                aria-label={t('fields.removeGreeting', { n: index + 1 })}
                onClick={() => {
                  change({ alternateGreetings: form.alternateGreetings.filter((_, i) => i !== index) });
                  setGreetingKeys(greetingKeys.filter((_, i) => i !== index));
                }}
              >
                <TrashIcon size={16} />
              </Button>
            </div>
          ))}
          {form.alternateGreetings.length < CARD_FIELD_LIMITS.greetings && (
            <Button
              variant="secondary"
              size="sm"
              className="self-start"
              onClick={() => {
                change({ alternateGreetings: [...form.alternateGreetings, ''] });
                setGreetingKeys([...greetingKeys, ...rowKeys(1)]);
              }}
            >
              {t('fields.addGreeting')}
            </Button>
          )}
        </fieldset>

        <fieldset className="flex flex-col gap-3">
          <legend className="mb-1 text-sm font-medium text-ink">{t('fields.lorebook')}</legend>
          {form.lorebook.length === 0 && <p className="text-sm text-muted">{t('fields.noEntries')}</p>}
          {form.lorebook.map((entry, index) => (
            <div key={entryKeys[index]} role="group" aria-label={t('fields.entry', { n: index + 1 })} className="flex flex-col gap-2 rounded-xl border border-line p-3">
              <label className="flex flex-col gap-1 text-sm">
                {t('fields.keys')}
                <input value={keys[index] ?? ''} onChange={(e) => setKeys(keys.map((k, i) => (i === index ? e.target.value : k)))} className={inputClass} />
              </label>
              <label className="flex flex-col gap-1 text-sm">
                {t('fields.content')}
                <textarea value={entry.content} rows={3} maxLength={CARD_FIELD_LIMITS.text} onChange={(e) => changeEntry(index, { content: e.target.value })} className={inputClass} />
              </label>
              <div className="flex items-center justify-between gap-3">
                <label className="flex items-center gap-2 text-sm">
                  <input type="checkbox" checked={entry.enabled} onChange={(e) => changeEntry(index, { enabled: e.target.checked })} className="size-4 accent-brand-600" />
                  {t('fields.enabled')}
                </label>
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() => {
                    change({ lorebook: form.lorebook.filter((_, i) => i !== index) });
                    setKeys(keys.filter((_, i) => i !== index));
                    setEntryKeys(entryKeys.filter((_, i) => i !== index));
                  }}
                >
                  {t('fields.removeEntry')}
                </Button>
              </div>
            </div>
          ))}
          {form.lorebook.length < CARD_FIELD_LIMITS.entries && (
            <Button
              variant="secondary"
              size="sm"
              className="self-start"
              onClick={() => {
                change({ lorebook: [...form.lorebook, { index: null, keys: [], content: '', enabled: true }] });
                setKeys([...keys, '']);
                setEntryKeys([...entryKeys, ...rowKeys(1)]);
              }}
            >
              {t('fields.addEntry')}
            </Button>
          )}
        </fieldset>

        <FieldMessage text={refusal} />
        <div className="flex items-center gap-3">
          <Button disabled={state === 'saving'} onClick={() => void save()}>
            {t('fields.save')}
          </Button>
          <span role="status" className="text-sm text-muted">
            {state === 'saved' ? t('fields.saved') : ''}
          </span>
        </div>
      </div>
    </section>
  );
}
