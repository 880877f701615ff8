import { calls, ErrorCode, PUBLISHED_AS, SAME_STYLE_FEE, SameStyleFee, WORK_LIMITS, WorkName, type Creation } from '@starlit/contract';
import { addTag, AgentTags, displayWidth } from '@starlit/contract/rules';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useCallMutation, usePagedCall } from '../../api/calls';
import { invalidateCalls, setCallData } from '../../api/keys';
import { CallFailure } from '../../api/query';
import { Button, buttonClass } from '../../ui/button';
import { Field, inputClass, SelectField } from '../../ui/field';
import { CloseIcon } from '../../ui/icons';
import { Modal } from '../../ui/modal';
import { useRuleMessage } from '../../ui/rule-message';
import { problemOf } from '../../ui/form-problems';
import { notifySuccess } from '../../ui/toast';
import { withWork } from '../works/work-address';

type Publishable = keyof typeof PUBLISHED_AS;
const publishable = (workflow: string): workflow is Publishable => workflow in PUBLISHED_AS;

interface Values {
  name: string;
  tags: string[];
  isPublic: boolean;
  agentId: string;
  /** As typed, so an empty box or "1.5" can be said to be wrong rather than silently changed. */
  fee: string;
}

/**
 * A finished creation's way to the community: *Publish* opens the dialog; once published, *View
 * work* opens the work's detail over the studio (docs/creation.md, Publishing).
 */
export function PublishAction({ creation }: { creation: Creation }) {
  const { t } = useTranslation('creation');
  const location = useLocation();
  const [open, setOpen] = useState(false);
  if (!publishable(creation.workflow)) return null;
  if (creation.workId) {
    return (
      <Link to={{ pathname: location.pathname, search: withWork(location.search, creation.workId) }} className={buttonClass('secondary')}>
        {t('publish.viewWork')}
      </Link>
    );
  }
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        {t('publish.action')}
      </Button>
      {open && <PublishDialog creation={creation} workflow={creation.workflow as Publishable} onClose={() => setOpen(false)} />}
    </>
  );
}

function PublishDialog({ creation, workflow, onClose }: { creation: Creation; workflow: Publishable; onClose(): void }) {
  const { t } = useTranslation('creation');
  const rule = useRuleMessage();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Values>({ name: '', tags: [], isPublic: true, agentId: creation.agentId ?? '', fee: '0' });
  const [tried, setTried] = useState(false);
  const set = <K extends keyof Values>(field: K, value: Values[K]) => setValues((v) => ({ ...v, [field]: value }));
  const agents = usePagedCall(calls.agents.mine, { limit: 50 });
  const agentOptions = [{ value: '', label: t('publish.noAgent') }, ...(agents.data?.pages[0]?.items ?? []).map((a) => ({ value: a.id, label: a.nickname }))];

  const fee = values.fee.trim() === '' ? Number.NaN : Number(values.fee);
  const problems = {
    name: problemOf(WorkName, values.name),
    tags: problemOf(AgentTags, values.tags),
    fee: problemOf(SameStyleFee, fee),
  };
  const shown = (problem: string | null) => (tried && problem ? rule(problem) : null);

  const publish = useCallMutation(calls.creation.publish, {
    invalidates: ['works', 'home', 'users', calls.creation.list],
    onSuccess: (published) => {
      setCallData(queryClient, calls.creation.get, { id: published.id }, published);
      notifySuccess(t('publish.published'));
      onClose();
    },
    // published meanwhile (another tab): the studio then offers the work instead
    onError: (error) => {
      if (error instanceof CallFailure && error.code === ErrorCode.CREATION_ALREADY_PUBLISHED) void invalidateCalls(queryClient, [calls.creation.get]);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (problems.name || problems.tags || problems.fee) return;
    publish.mutate({ id: creation.id, name: values.name.trim(), tags: values.tags, isPublic: values.isPublic, agentId: values.agentId || null, sameStyleFee: fee });
  };

  return (
    <Modal open onClose={onClose} title={t('publish.title')}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-5" aria-label={t('publish.title')}>
        <p className="text-sm text-muted">{t(`publish.intro.${PUBLISHED_AS[workflow].kind}`)}</p>
        <NameField value={values.name} onChange={(v) => set('name', v)} error={shown(problems.name)} />
        <TagsField tags={values.tags} onChange={(v) => set('tags', v)} error={shown(problems.tags)} />
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1.5 text-sm font-medium text-ink">{t('publish.visibility')}</legend>
          <div className="flex flex-wrap gap-4 text-sm">
            {([true, false] as const).map((isPublic) => (
              <label key={String(isPublic)} className="flex cursor-pointer items-center gap-2">
                <input type="radio" name="visibility" checked={values.isPublic === isPublic} onChange={() => set('isPublic', isPublic)} className="size-4 accent-brand-600" />
                {isPublic ? t('publish.public') : t('publish.private')}
              </label>
            ))}
          </div>
        </fieldset>
        <SelectField label={t('publish.agent')} value={values.agentId} onChange={(v) => set('agentId', v)} options={agentOptions} />
        <Field label={t('publish.fee')} error={shown(problems.fee)}>
          {(control) => (
            <div className="flex flex-col gap-1.5">
              <input
                {...control}
                aria-describedby={[control['aria-describedby'], `${control.id}-help`].filter(Boolean).join(' ')}
                type="number"
                inputMode="numeric"
                min={SAME_STYLE_FEE.min}
                max={SAME_STYLE_FEE.max}
                step={1}
                value={values.fee}
                onChange={(e) => set('fee', e.target.value)}
                className={`${inputClass} max-w-40`}
              />
              <p id={`${control.id}-help`} className="text-xs leading-relaxed text-muted">
                {t('publish.feeHelp')}
              </p>
            </div>
          )}
        </Field>
        <div className="flex flex-wrap justify-end gap-2 border-t border-line pt-4">
          <Button variant="secondary" onClick={onClose}>
            {t('publish.cancel')}
          </Button>
          <Button type="submit" disabled={publish.isPending}>
            {t('publish.submit')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

/** The work's name, measured by display width (a Chinese character counts 2, SPEC §5). */
function NameField({ value, onChange, error }: { value: string; onChange(value: string): void; error: string | null }) {
  const { t } = useTranslation('creation');
  const width = displayWidth(value.trim());
  const max = WORK_LIMITS.nameWidth;
  return (
    <Field label={t('publish.name')} error={error}>
      {(control) => (
        <div className="flex flex-col gap-1">
          <input {...control} type="text" value={value} onChange={(e) => onChange(e.target.value)} className={inputClass} />
          <span className={`self-end text-xs tabular-nums ${width > max ? 'font-semibold text-red-600' : 'text-muted'}`} title={t('publish.widthHint')}>
            {t('publish.width', { width, max })}
          </span>
        </div>
      )}
    </Field>
  );
}

/** Up to 5 free tags, added with Enter or the button, with the agents' tag rules (SPEC §5). */
function TagsField({ tags, onChange, error }: { tags: string[]; onChange(tags: string[]): void; error: string | null }) {
  const { t } = useTranslation('creation');
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
    <Field label={t('publish.tags')} error={refusal ?? error}>
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
                    aria-label={t('publish.removeTag', { tag })}
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
              placeholder={t('publish.newTag')}
              disabled={tags.length >= 5}
              onChange={(e) => setDraft(e.target.value)}
              onKeyDown={onKeyDown}
              className={inputClass}
            />
            <Button variant="secondary" onClick={add} disabled={tags.length >= 5 || draft.trim() === ''}>
              {t('publish.addTag')}
            </Button>
          </div>
        </div>
      )}
    </Field>
  );
}
