import { calls, type AvatarKind } from '@starlit/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi, isOk } from '../../../api/client';
import { useCall } from '../../../api/calls';
import { imageUrl } from '../../../platform/static-url';
import { VrmViewer } from '../../avatars/vrm-viewer';
import { FieldMessage } from '../../../ui/field';
import { Avatar2dPanel } from '../../avatars/avatar-2d-panel';
import { Avatar3dPanel } from '../../avatars/avatar-3d-panel';
import type { AgentEditorState } from './use-agent-editor';

const fileName = (url: string) => url.split('/').pop() ?? url;

/** The avatar step: 2D (generate or upload) or 3D (VRM upload or a built-in model). */
export function AvatarStep({ editor }: { editor: AgentEditorState }) {
  const { t } = useTranslation('agents');
  const agent = editor.agent;
  const [shown, setShown] = useState<AvatarKind | null>(null);
  const [refusal, setRefusal] = useState('');
  const kind = shown ?? agent?.avatar.kind ?? '2d';
  const avatar = useCall(calls.avatars.get, { agentId: agent?.id ?? '' }, { enabled: Boolean(agent) });

  const choose = async (next: AvatarKind) => {
    setShown(next);
    if (!agent) return;
    const hasIt = next === '2d' ? agent.avatar.image : agent.avatar.vrm;
    if (!hasIt) return;
    const result = await callApi(calls.avatars.setKind, { agentId: agent.id, kind: next });
    if (!isOk(result)) return setRefusal(result.message);
    setRefusal('');
    await editor.refresh();
  };

  const changed = async () => {
    await Promise.all([editor.refresh(), avatar.refetch()]);
  };

  if (!agent) return <p className="text-sm text-muted">{t('needAgent')}</p>;
  return (
    <div className="flex flex-col gap-4">
      <div role="radiogroup" aria-label={t('avatar.kind')} className="inline-flex self-start rounded-full border border-line p-1">
        {(['2d', '3d'] as const).map((option) => (
          <button
            key={option}
            type="button"
            role="radio"
            aria-checked={kind === option}
            onClick={() => void choose(option)}
            className="cursor-pointer rounded-full px-5 py-1.5 text-sm font-medium text-muted aria-checked:bg-brand-700 aria-checked:text-white"
          >
            {t(`avatar.${option}`)}
          </button>
        ))}
      </div>
      <FieldMessage text={refusal} />
      <div className="flex flex-col gap-4 sm:flex-row sm:flex-wrap">
        <div className="grid size-40 shrink-0 place-items-center self-center overflow-hidden rounded-2xl bg-brand-50 text-center text-xs text-muted sm:self-start dark:bg-white/5">
          {kind === '2d' && agent.avatar.image ? (
            <img src={imageUrl(agent.avatar.image, 320)} alt={t('avatar.current2d')} className="size-full object-cover" />
          ) : kind === '3d' && agent.avatar.vrm ? (
            <VrmViewer src={agent.avatar.vrm} label={t('avatar.model3dSet', { file: fileName(agent.avatar.vrm) })} className="size-full" />
          ) : (
            <span className="p-3">{t('avatar.none')}</span>
          )}
        </div>
        {kind === '3d' && agent.avatar.vrm && <p className="text-sm break-all text-muted sm:order-last sm:basis-full">{t('avatar.model3dSet', { file: fileName(agent.avatar.vrm) })}</p>}
        <div className="min-w-0 flex-1">
          {kind === '2d' ? (
            <Avatar2dPanel agentId={agent.id} nickname={editor.texts.nickname} job={avatar.data?.job ?? null} onChanged={changed} />
          ) : (
            <Avatar3dPanel agentId={agent.id} onChanged={changed} />
          )}
        </div>
      </div>
    </div>
  );
}
