import { calls, type ChatIdentity } from '@starlit/contract';
import { IdentityBackground, IdentityGender, IdentityName } from '@starlit/contract/rules';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { callApi, isOk } from '../../api/client';
import { useCall } from '../../api/calls';
import { invalidateCalls } from '../../api/keys';
import { Button } from '../../ui/button';
import { FieldMessage, SelectField, TextArea, TextField } from '../../ui/field';
import { useForm } from '../../ui/form';

type Identity = z.infer<typeof ChatIdentity>;
type Form = { id: string | null; name: string; gender: '' | Identity['gender']; background: string; isGlobal: boolean };
const BLANK: Form = { id: null, name: '', gender: '', background: '', isGlobal: true };
/** The same contract rules as the server, so the messages are the same. */
const SCHEMAS = { name: IdentityName, gender: IdentityGender, background: IdentityBackground };
const GENDERS = ['Unknown', 'Male', 'Female'] as const;

/** "My identity": the chat identities of the user, global or for this agent (SPEC §3). */
export function IdentitiesPanel({ agentId }: { agentId: string | null }) {
  const { t } = useTranslation('identities');
  const queryClient = useQueryClient();
  const form = useForm<Form>(BLANK, SCHEMAS);
  const [refusal, setRefusal] = useState('');
  const list = useCall(calls.identities.list, {});
  const mine = (list.data?.items ?? []).filter((identity) => identity.isGlobal || identity.agentId === agentId);

  const save = async ({ id, name, gender, background, isGlobal }: Form) => {
    const fields = { name, gender: IdentityGender.parse(gender), background, isGlobal, agentId: isGlobal ? null : agentId };
    const result = id ? await callApi(calls.identities.update, { ...fields, id }) : await callApi(calls.identities.create, fields);
    if (!isOk(result)) return setRefusal(result.message);
    setRefusal('');
    form.reset(BLANK);
    await invalidateCalls(queryClient, [calls.identities.list]);
  };

  const remove = async (identity: Identity) => {
    const result = await callApi(calls.identities.delete, { id: identity.id });
    if (!isOk(result)) return setRefusal(result.message);
    await invalidateCalls(queryClient, [calls.identities.list]);
  };

  const edit = (identity: Identity) => form.reset({ id: identity.id, name: identity.name, gender: identity.gender, background: identity.background, isGlobal: identity.isGlobal });

  return (
    <div className="flex flex-col gap-4">
      <ul aria-label={t('list')} className="flex flex-col gap-2">
        {mine.length === 0 && <li className="text-sm text-muted">{t('none')}</li>}
        {mine.map((identity) => (
          <li key={identity.id} className="flex flex-wrap items-center gap-2 rounded-xl border border-line p-3">
            <span className="min-w-0 flex-1">
              <span className="block truncate font-medium text-ink">{identity.name}</span>
              <span className="block text-xs text-muted">
                {t(`genders.${identity.gender}`)} · {identity.isGlobal ? t('scopeGlobal') : t('scopeAgent')}
              </span>
            </span>
            <Button size="sm" variant="secondary" onClick={() => edit(identity)} aria-label={t('edit', { name: identity.name })}>
              {t('editShort')}
            </Button>
            <Button size="sm" variant="secondary" onClick={() => void remove(identity)} aria-label={t('delete', { name: identity.name })}>
              {t('deleteShort')}
            </Button>
          </li>
        ))}
      </ul>
      <form onSubmit={form.submit(save)} noValidate className="flex flex-col gap-3" aria-label={t('new')}>
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField label={t('name')} value={form.values.name} error={form.error('name')} onChange={(name) => form.set('name', name)} />
          <SelectField
            label={t('gender')}
            value={form.values.gender}
            error={form.error('gender')}
            options={[{ value: '', label: t('chooseGender') }, ...GENDERS.map((g) => ({ value: g, label: t(`genders.${g}`) }))]}
            onChange={(gender) => form.set('gender', gender)}
          />
        </div>
        <TextArea label={t('background')} value={form.values.background} rows={2} error={form.error('background')} onChange={(background) => form.set('background', background)} />
        <fieldset className="flex flex-wrap gap-4 text-sm">
          <legend className="mb-1 text-sm">{t('scope')}</legend>
          <label className="flex items-center gap-2">
            <input type="radio" name="identity-scope" checked={form.values.isGlobal} onChange={() => form.set('isGlobal', true)} className="accent-brand-600" />
            {t('global')}
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" name="identity-scope" checked={!form.values.isGlobal} disabled={!agentId} onChange={() => form.set('isGlobal', false)} className="accent-brand-600" />
            {t('thisAgent')}
          </label>
        </fieldset>
        <FieldMessage text={refusal} />
        <div className="flex gap-2">
          <Button type="submit" size="sm">
            {t('save')}
          </Button>
          {form.values.id && (
            <Button size="sm" variant="secondary" onClick={() => form.reset(BLANK)}>
              {t('cancel')}
            </Button>
          )}
        </div>
      </form>
    </div>
  );
}
