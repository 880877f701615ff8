import { calls } from '@starlit/contract';
import { addTag, tagKey } from '@starlit/contract/rules';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi, isOk } from '../../../api/client';
import { Button } from '../../../ui/button';
import { CloseIcon } from '../../../ui/icons';
import { FieldMessage } from '../../../ui/field';
import { inputClass } from '../../../ui/field';
import { useRuleMessage } from '../../../ui/rule-message';
import type { AgentEditorState } from './use-agent-editor';

/** Typed tags and suggested tags, checked with the contract's addTag (SPEC §5), saved at once. */
export function TagsStep({ editor }: { editor: AgentEditorState }) {
  const { t } = useTranslation('agents');
  const rule = useRuleMessage();
  const [typed, setTyped] = useState('');
  const [error, setError] = useState('');
  const agent = editor.agent;
  const tags = agent?.tags ?? [];
  const suggestions = t('tags.suggestions').split(',');

  const saveNow = async (next: string[]) => {
    if (!agent) return false;
    const result = await callApi(calls.agents.setTags, { id: agent.id, tags: next });
    if (isOk(result)) editor.setAgent(result.data);
    else setError(result.message);
    return isOk(result);
  };
  // a declined first edit of a published agent leaves the promise unsettled: nothing was saved
  const save = (next: string[]) => new Promise<boolean>((resolve) => editor.guardEdit(() => void saveNow(next).then(resolve)));

  const add = async (tag: string, source: 'typed' | 'picked') => {
    const outcome = addTag(tags, tag, source);
    if (!outcome.ok) {
      setError(rule(outcome.error));
      return;
    }
    setError('');
    if ((await save(outcome.tags)) && source === 'typed') setTyped('');
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void add(typed, 'typed');
  };

  return (
    <fieldset disabled={!agent} className="flex flex-col gap-3">
      <legend className="sr-only">{t('steps.tags')}</legend>
      <form onSubmit={submit} className="flex gap-2">
        <label className="sr-only" htmlFor="agent-tag-input">
          {t('tags.input')}
        </label>
        <input id="agent-tag-input" value={typed} onChange={(e) => setTyped(e.target.value)} placeholder={t('tags.input')} className={inputClass} />
        <Button type="submit" variant="secondary">
          {t('tags.add')}
        </Button>
      </form>
      <FieldMessage text={error} />
      <ul aria-label={t('tags.selected')} className="flex flex-wrap gap-2">
        {tags.map((tag) => (
          <li key={tag} className="flex items-center gap-1 rounded-full bg-brand-700 py-1 pr-1 pl-3 text-sm text-white">
            {tag}
            <button
              type="button"
              aria-label={t('tags.remove', { tag })}
              onClick={() => void save(tags.filter((existing) => existing !== tag))}
              className="grid size-6 cursor-pointer place-items-center rounded-full hover:bg-white/20"
            >
              <CloseIcon size={14} />
            </button>
          </li>
        ))}
      </ul>
      <div>
        <p className="mb-2 text-xs font-semibold text-muted">{t('tags.suggested')}</p>
        <ul className="flex flex-wrap gap-2">
          {suggestions.map((tag) => {
            const selected = tags.some((existing) => tagKey(existing) === tagKey(tag));
            return (
              <li key={tag}>
                <button
                  type="button"
                  aria-label={t('tags.pick', { tag })}
                  aria-pressed={selected}
                  onClick={() => void add(tag, 'picked')}
                  className="cursor-pointer rounded-full border border-line px-3 py-1 text-sm text-ink hover:border-brand-300 aria-pressed:border-brand-500 aria-pressed:bg-brand-50 dark:aria-pressed:bg-white/10"
                >
                  {tag}
                </button>
              </li>
            );
          })}
        </ul>
      </div>
    </fieldset>
  );
}
