import { Birthday, calls, latestToday, PROFILE_LIMITS } from '@starlit/contract';
import { UserName } from '@starlit/contract/rules';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useCallMutation } from '../../api/calls';
import { fileToBase64 } from '../../platform/file-data';
import { Avatar } from '../../ui/avatar';
import { Button } from '../../ui/button';
import { Field, FieldMessage, inputClass, SelectField, TextField } from '../../ui/field';
import { FileButton } from '../../ui/file-button';
import { useForm } from '../../ui/form';
import { notifyInfo, notifySuccess } from '../../ui/toast';
import { useAuthStore } from '../auth/auth-store';
import { avatarProblem, changesOf, formOf, type ProfileChanges } from './profile-form';
import type { ProfileData } from './profile-header';
import { PROFILE_READS } from './user-queries';

const GENDERS = ['Unknown', 'Man', 'Woman'] as const;
const SCHEMAS = { userName: UserName, birthday: Birthday.or(z.literal('')) };

/** A picked picture and the address its preview is shown from, released when it goes. */
function usePreview(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) return setUrl(null);
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}

/** The owner's account information: name, gender, birthday, avatar and works privacy, saved together. */
export function PersonalInfo({ profile }: { profile: ProfileData }) {
  const { t } = useTranslation('users');
  const form = useForm(formOf(profile), SCHEMAS);
  const [avatar, setAvatar] = useState<File | null>(null);
  const [avatarError, setAvatarError] = useState<string | null>(null);
  const preview = usePreview(avatar);
  const privacyId = useId();

  const save = useCallMutation(calls.users.updateProfile, {
    inputOf: async ({ changes, picture }: { changes: ProfileChanges; picture: File | null }) => ({ ...changes, ...(picture ? { avatar: await fileToBase64(picture) } : {}) }),
    onSuccess: (result) => {
      // the session keeps the user as the header shows it (SPEC §3 Session)
      useAuthStore.getState().userRefreshed(result.user);
      setAvatar(null);
      form.reset(formOf(result.profile));
      notifySuccess(t('info.saved'));
    },
    invalidates: PROFILE_READS,
  });

  const pick = (file: File | undefined) => {
    const problem = file ? avatarProblem(file) : null;
    setAvatarError(problem ? t(`info.${problem}`) : null);
    setAvatar(file && !problem ? file : null);
  };

  const submit = form.submit((values) => {
    const changes = changesOf(profile, values);
    if (Object.keys(changes).length === 0 && !avatar) return notifyInfo(t('info.nothingChanged'));
    save.mutate({ changes, picture: avatar });
  });

  return (
    <form onSubmit={submit} noValidate className="flex max-w-2xl flex-col gap-6 rounded-3xl border border-line bg-surface p-5 shadow-sm sm:p-7" aria-labelledby="personal-info-title">
      <h2 id="personal-info-title" className="text-lg font-semibold text-ink">
        {t('info.title')}
      </h2>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:gap-5">
        {preview ? (
          <img src={preview} alt={t('info.avatarPreview')} className="size-20 shrink-0 rounded-full object-cover ring-2 ring-brand-500 sm:size-24" />
        ) : (
          <Avatar name={profile.userName} src={profile.avatar} size="xl" />
        )}
        <div className="flex min-w-0 flex-col gap-1.5">
          <FileButton label={<span className="font-medium text-ink">{t('info.avatar')}</span>} accept="image/jpeg,image/png,image/webp" disabled={save.isPending} onFile={pick} />
          <FieldMessage text={avatarError} />
          <p className="text-xs text-muted">{t('info.avatarHint', { max: PROFILE_LIMITS.avatarBytes })}</p>
        </div>
      </div>
      <TextField
        label={t('info.userName')}
        value={form.values.userName}
        onChange={(v) => form.set('userName', v)}
        error={form.error('userName') ? t('info.nameRule') : null}
        autoComplete="username"
        maxLength={24}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField
          label={t('info.gender')}
          value={form.values.gender}
          onChange={(v) => form.set('gender', v || 'Unknown')}
          options={GENDERS.map((g) => ({ value: g, label: t(`info.genders.${g}`) }))}
        />
        <Field label={t('info.birthday')} error={form.error('birthday')}>
          {(control) => (
            <>
              <input
                {...control}
                type="date"
                min={PROFILE_LIMITS.earliestBirthday}
                max={latestToday()}
                value={form.values.birthday}
                onChange={(e) => form.set('birthday', e.target.value)}
                className={inputClass}
              />
              <span className="text-xs text-muted">{t('info.birthdayHint')}</span>
            </>
          )}
        </Field>
      </div>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-medium text-ink">{t('info.privacy')}</legend>
        <label htmlFor={privacyId} className="flex cursor-pointer items-start gap-3 rounded-2xl border border-line p-4 hover:border-brand-300">
          <input
            id={privacyId}
            type="checkbox"
            checked={form.values.hideWorks}
            onChange={(e) => form.set('hideWorks', e.target.checked)}
            aria-describedby={`${privacyId}-hint`}
            className="mt-0.5 size-5 shrink-0 accent-brand-700"
          />
          <span className="flex flex-col gap-1">
            <span className="text-sm font-medium text-ink">{t('info.hideWorks')}</span>
            <span id={`${privacyId}-hint`} className="text-xs leading-relaxed text-muted">
              {t('info.hideWorksHint')}
            </span>
          </span>
        </label>
      </fieldset>
      <Button type="submit" className="self-start" disabled={save.isPending}>
        {t('info.save')}
      </Button>
    </form>
  );
}
