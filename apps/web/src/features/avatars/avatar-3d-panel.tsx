import { calls } from '@starlit/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi, isOk } from '../../api/client';
import { useCall } from '../../api/calls';
import { Button } from '../../ui/button';
import { fileToBase64 } from '../../platform/file-data';
import { FieldMessage } from '../../ui/field';
import { FileButton } from '../../ui/file-button';

/** 3D avatar: an uploaded VRM model or one of the built-in models. */
export function Avatar3dPanel({ agentId, onChanged }: { agentId: string; onChanged(): Promise<void> }) {
  const { t } = useTranslation('avatars');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const defaults = useCall(calls.avatars.defaults3d, {}, { staleTime: Infinity });

  const run = async (call: () => ReturnType<typeof callApi<typeof calls.avatars.useDefault3d>>) => {
    setBusy(true);
    const result = await call();
    setBusy(false);
    if (!isOk(result)) return setError(result.message);
    setError('');
    await onChanged();
  };

  const upload = async (file: File | undefined) => {
    if (!file) return;
    const vrm = await fileToBase64(file);
    await run(() => callApi(calls.avatars.upload3d, { agentId, vrm }));
  };

  return (
    <div className="flex flex-col gap-4">
      <FileButton label={t('upload3d')} accept=".vrm" disabled={busy} onFile={(file) => void upload(file)} />
      <div>
        <h3 className="mb-2 text-sm font-semibold text-ink">{t('defaults')}</h3>
        <ul className="flex flex-wrap gap-2">
          {defaults.data?.items.map((model) => (
            <li key={model.id}>
              <Button size="sm" variant="secondary" disabled={busy} onClick={() => void run(() => callApi(calls.avatars.useDefault3d, { agentId, modelId: model.id }))}>
                {t('useDefault', { name: model.name })}
              </Button>
            </li>
          ))}
        </ul>
      </div>
      <FieldMessage text={error} />
    </div>
  );
}
