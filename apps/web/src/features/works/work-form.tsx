import { calls, PublisherName, WORK_LIMITS, WorkCategory, WorkName } from '@starlit/contract';
import { addTag, AgentTags, displayWidth } from '@starlit/contract/rules';
import { useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useCallOrNull, usePagedCall } from '../../api/calls';
import { Button } from '../../ui/button';
import { Field, FieldMessage, inputClass, SelectField, TextArea } from '../../ui/field';
import { CloseIcon } from '../../ui/icons';
import { problemsOf, type FieldSchemas, type Problems } from '../../ui/form-problems';
import { useRuleMessage } from '../../ui/rule-message';
import type { Work } from './work-types';

type Category = z.infer<typeof WorkCategory>;

/** What the work form edits; `''` is "not chosen" for the category and "no agent" for the agent. */
export interface WorkFormValues {
  name: string;
  category: Category | '';
  tags: string[];
  description: string;
  prompt: string;
  agentId: string;
  publisher: string;
  isPublic: boolean;
}

/** A new work's form: the publisher starts as the author's own name (docs/works.md). */
export function newValues(publisher: string, category: Category | '' = ''): WorkFormValues {
  return { name: '', category, tags: [], description: '', prompt: '', agentId: '', publisher, isPublic: true };
}

/** The form of an existing work. */
export function valuesOf(work: Work): WorkFormValues {
  return {
    name: work.name,
    category: work.category ?? '',
    tags: work.tags,
    description: work.description,
    prompt: work.prompt,
    agentId: work.agentId ?? '',
    publisher: work.publisher,
    isPublic: work.isPublic,
  };
}

/** The same rules the server checks (contract schemas), so a refusal is rare and said by the field. */
const SCHEMAS: FieldSchemas<WorkFormValues> = {
  name: WorkName,
  publisher: PublisherName,
  tags: AgentTags,
  description: z.string().max(WORK_LIMITS.description),
  prompt: z.string().max(WORK_LIMITS.prompt),
};

/** The problems of a work form; the category's is the form's own key (the enum has no message). */
export function workProblems(values: WorkFormValues): Problems<WorkFormValues> {
  const problems = problemsOf(SCHEMAS, values);
  if (values.category === '') problems.category = 'works:form.categoryRequired';
  return problems;
}

/** The fields the calls take, from the form. */
export function fieldsOf(values: WorkFormValues & { category: Category }) {
  return {
    name: values.name.trim(),
    category: values.category,
    tags: values.tags,
    description: values.description,
    prompt: values.prompt,
    agentId: values.agentId || null,
    isPublic: values.isPublic,
  };
}

/** A one-line text measured by display width (a Chinese character counts 2, SPEC §5). */
function WidthField({ label, value, onChange, error }: { label: string; value: string; onChange(value: string): void; error: string | null }) {
  const { t } = useTranslation('works');
  const width = displayWidth(value.trim());
  const max = WORK_LIMITS.nameWidth;
  return (
    <Field label={label} error={error}>
      {(control) => (
        <div className="flex flex-col gap-1">
          <input {...control} type="text" value={value} onChange={(e) => onChange(e.target.value)} className={inputClass} />
          <span className={`self-end text-xs tabular-nums ${width > max ? 'font-semibold text-red-600' : 'text-muted'}`} title={t('form.widthHint')}>
            {t('form.width', { width, max })}
          </span>
        </div>
      )}
    </Field>
  );
}

function TagsField({ tags, onChange, error }: { tags: string[]; onChange(tags: string[]): void; error: string | null }) {
  const { t } = useTranslation('works');
  const rule = useRuleMessage();
  const [draft, setDraft] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const add = () => {
    if (draft.trim() === '') return;
    const result = addTag(tags, draft, 'typed');
    if (!result.ok) return setRefusal(rule(result.error));
    setRefusal(null);
    setDraft('');
    onChange(result.tags);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    add();
  };
  return (
    <Field label={`${t('form.tags')} · ${t('form.tagsHint')}`} error={refusal ?? error}>
      {(control) => (
        <div className="flex flex-col gap-2">
          {tags.length > 0 && (
            <ul className="flex flex-wrap gap-1.5">
              {tags.map((tag) => (
                <li key={tag} className="flex items-center gap-1 rounded-full bg-brand-50 py-0.5 pr-1 pl-2.5 text-sm text-brand-800 dark:bg-white/10 dark:text-brand-200">
                  #{tag}
                  <button
                    type="button"
                    onClick={() => onChange(tags.filter((x) => x !== tag))}
                    aria-label={t('form.removeTag', { tag })}
                    className="grid size-6 cursor-pointer place-items-center rounded-full hover:bg-brand-100 dark:hover:bg-white/10"
                  >
                    <CloseIcon size={12} />
                  </button>
                </li>
              ))}
            </ul>
          )}
          <div className="flex gap-2">
            <input
              {...control}
              type="text"
              value={draft}
              placeholder={t('form.newTag')}
              disabled={tags.length >= 5}
              onChange={(e) => setDraft(e.target.value)}
              onKeyDown={onKeyDown}
              className={inputClass}
            />
            <Button variant="secondary" onClick={add} disabled={tags.length >= 5 || draft.trim() === ''}>
              {t('form.addTag')}
            </Button>
          </div>
        </div>
      )}
    </Field>
  );
}

/** My agents to name as the one a work was made with (the first page is plenty for a picker). */
function useAgentOptions(current: string) {
  const { t } = useTranslation('works');
  const mine = usePagedCall(calls.agents.mine, { limit: 50 });
  const agents = mine.data?.pages[0]?.items ?? [];
  const listed = current === '' || agents.some((a) => a.id === current);
  // an agent set before that is not mine (someone's public one) stays choosable, by its name
  const other = useCallOrNull(calls.agents.get, { id: current }, { enabled: !listed && mine.isSuccess });
  const options = [{ value: '', label: t('form.noAgent') }, ...agents.map((a) => ({ value: a.id, label: a.nickname }))];
  if (!listed && other.data) options.push({ value: current, label: other.data.nickname });
  return options;
}

/**
 * The texts of a work (SPEC §5): name, category, free tags, description, prompt, agent,
 * publisher, who sees it. `before` goes first (the upload or a post's pictures); `children` are
 * the buttons. Errors show once `showProblems` is set (after a first try to save).
 */
export function WorkForm({
  values,
  onChange,
  showProblems,
  descriptionLabel,
  before,
  children,
}: {
  values: WorkFormValues;
  onChange(values: WorkFormValues): void;
  showProblems: boolean;
  descriptionLabel?: string;
  before?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation('works');
  const rule = useRuleMessage();
  const problems = showProblems ? workProblems(values) : {};
  const problem = (field: keyof WorkFormValues) => {
    const key = problems[field];
    if (!key) return null;
    return key.startsWith('works:') ? t('form.categoryRequired') : rule(key);
  };
  const set = <K extends keyof WorkFormValues>(field: K, value: WorkFormValues[K]) => onChange({ ...values, [field]: value });
  const agentOptions = useAgentOptions(values.agentId);
  const categories = [{ value: '' as const, label: t('form.pickCategory') }, ...WorkCategory.options.map((c) => ({ value: c, label: t(`categories.${c}`) }))];
  return (
    <div className="flex flex-col gap-5">
      {before}
      <div className="grid gap-5 sm:grid-cols-2">
        <WidthField label={t('form.name')} value={values.name} onChange={(v) => set('name', v)} error={problem('name')} />
        <SelectField label={t('form.category')} value={values.category} onChange={(v) => set('category', v)} options={categories} error={problem('category')} />
      </div>
      <TagsField tags={values.tags} onChange={(v) => set('tags', v)} error={problem('tags')} />
      <TextArea
        label={descriptionLabel ?? t('form.description')}
        value={values.description}
        onChange={(v) => set('description', v)}
        max={WORK_LIMITS.description}
        rows={4}
        error={problem('description')}
      />
      <TextArea label={t('form.prompt')} value={values.prompt} onChange={(v) => set('prompt', v)} max={WORK_LIMITS.prompt} rows={3} error={problem('prompt')} />
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField label={t('form.agent')} value={values.agentId} onChange={(v) => set('agentId', v)} options={agentOptions} />
        <WidthField label={t('form.publisher')} value={values.publisher} onChange={(v) => set('publisher', v)} error={problem('publisher')} />
      </div>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1.5 text-sm font-medium text-ink">{t('form.visibility')}</legend>
        <div className="flex flex-wrap gap-4 text-sm">
          {([true, false] as const).map((isPublic) => (
            <label key={String(isPublic)} className="flex cursor-pointer items-center gap-2">
              <input type="radio" name="visibility" checked={values.isPublic === isPublic} onChange={() => set('isPublic', isPublic)} className="size-4 accent-brand-600" />
              {isPublic ? t('form.public') : t('form.private')}
            </label>
          ))}
        </div>
      </fieldset>
      {showProblems && Object.keys(problems).length > 0 && <FieldMessage text={t('form.fix')} />}
      <div className="flex flex-wrap justify-end gap-2 border-t border-line pt-4">{children}</div>
    </div>
  );
}
