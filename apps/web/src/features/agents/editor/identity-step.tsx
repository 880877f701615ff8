import { calls, type ChatIdentity } from '@starlit/contract';
import { IdentityBackground, IdentityGender, IdentityName } from '@starlit/contract/rules';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { callApi, isOk } from '../../../api/client';
import { useCall } from '../../../api/calls';
import { invalidateCalls } from '../../../api/keys';
import { Button } from '../../../ui/button';
import { FieldMessage } from './section';
import { inputClass } from './text-field';
import { useRuleMessage } from './rule-message';

type Identity = z.infer<typeof ChatIdentity>;
type Form = { id: string | null; name: string; gender: string; background: string; isGlobal: boolean };
const BLANK: Form = { id: null, name: '', gender: '', background: '', isGlobal: true };

/** "My identity": the chat identities of the user, global or for this agent (SPEC §3). */
export function IdentityStep({ agentId }: { agentId: string | null }) {
  const { t } = useTranslation('agents');
  const rule = useRuleMessage();
  const queryClient = useQueryClient();
  const [form, setForm] = useState<Form>(BLANK);
  const [error, setError] = useState('');
  const list = useCall(calls.identities.list, {});
  const mine = (list.data?.items ?? []).filter((identity) => identity.isGlobal || identity.agentId === agentId);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // the same contract rules as the server, so the message is the same
    for (const [schema, value] of [[IdentityName, form.name], [IdentityGender, form.gender], [IdentityBackground, form.background]] as const) {
      const parsed = schema.safeParse(value);
      if (!parsed.success) return setError(rule(parsed.error.issues[0].message));
    }
    const gender = IdentityGender.parse(form.gender);
    const fields = { name: form.name, gender, background: form.background, isGlobal: form.isGlobal, agentId: form.isGlobal ? null : agentId };
    const result = form.id ? await callApi(calls.identities.update, { ...fields, id: form.id }) : await callApi(calls.identities.create, fields);
    if (!isOk(result)) return setError(result.message);
    setError('');
    setForm(BLANK);
    await invalidateCalls(queryClient, [calls.identities.list]);
  };

  const remove = async (identity: Identity) => {
    const result = await callApi(calls.identities.delete, { id: identity.id });
    if (!isOk(result)) return setError(result.message);
    await invalidateCalls(queryClient, [calls.identities.list]);
  };

  const edit = (identity: Identity) => setForm({ id: identity.id, name: identity.name, gender: identity.gender, background: identity.background, isGlobal: identity.isGlobal });

  return (
    <div className="flex flex-col gap-4">
      <ul aria-label={t('identity.list')} className="flex flex-col gap-2">
        {mine.length === 0 && <li className="text-sm text-muted">{t('identity.none')}</li>}
        {mine.map((identity) => (
          <li key={identity.id} className="flex flex-wrap items-center gap-2 rounded-xl border border-line p-3">
            <span className="min-w-0 flex-1">
              <span className="block truncate font-medium text-ink">{identity.name}</span>
              <span className="block text-xs text-muted">
                {t(`gender.${identity.gender}`)} · {identity.isGlobal ? t('identity.scopeGlobal') : t('identity.scopeAgent')}
              </span>
            </span>
            <Button size="sm" variant="secondary" onClick={() => edit(identity)} aria-label={t('identity.edit', { name: identity.name })}>
              {t('identity.editShort')}
            </Button>
            <Button size="sm" variant="secondary" onClick={() => void remove(identity)} aria-label={t('identity.delete', { name: identity.name })}>
              {t('identity.deleteShort')}
            </Button>
          </li>
        ))}
      </ul>
      <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-3" aria-label={t('identity.new')}>
        <div className="grid gap-3 sm:grid-cols-2">
          <label className="flex flex-col gap-1 text-sm">
            {t('identity.name')}
            <input value={form.name} onChange={(e) => setForm({ ...form, name: e.target.value })} className={inputClass} />
          </label>
          <label className="flex flex-col gap-1 text-sm">
            {t('identity.gender')}
            <select value={form.gender} onChange={(e) => setForm({ ...form, gender: e.target.value })} className={inputClass}>
              <option value="">{t('identity.chooseGender')}</option>
              {(['Unknown', 'Male', 'Female'] as const).map((g) => (
                <option key={g} value={g}>
                  {t(`gender.${g}`)}
                </option>
              ))}
            </select>
          </label>
        </div>
        <label className="flex flex-col gap-1 text-sm">
          {t('identity.background')}
          <textarea value={form.background} rows={2} onChange={(e) => setForm({ ...form, background: e.target.value })} className={inputClass} />
        </label>
        <fieldset className="flex flex-wrap gap-4 text-sm">
          <legend className="mb-1 text-sm">{t('identity.scope')}</legend>
          <label className="flex items-center gap-2">
            <input type="radio" name="identity-scope" checked={form.isGlobal} onChange={() => setForm({ ...form, isGlobal: true })} className="accent-brand-600" />
            {t('identity.global')}
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" name="identity-scope" checked={!form.isGlobal} disabled={!agentId} onChange={() => setForm({ ...form, isGlobal: false })} className="accent-brand-600" />
            {t('identity.thisAgent')}
          </label>
        </fieldset>
        <FieldMessage text={error} />
        <div className="flex gap-2">
          <Button type="submit" size="sm">
            {t('identity.save')}
          </Button>
          {form.id && (
            <Button size="sm" variant="secondary" onClick={() => setForm(BLANK)}>
              {t('identity.cancel')}
            </Button>
          )}
        </div>
      </form>
    </div>
  );
}
