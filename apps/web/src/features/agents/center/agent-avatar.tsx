import type { Agent } from '@starlit/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { openPictures } from '../../../app/modal-areas';
import { imageUrl } from '../../../platform/static-url';
import { VrmViewer } from '../../avatars/vrm-viewer';

type AvatarFields = z.output<typeof Agent>['avatar'];

/** Which avatar to show first: the one the owner chose, else whichever exists. */
export function initialKind(avatar: AvatarFields): '2d' | '3d' | null {
  if (avatar.kind === '3d' && avatar.vrm) return '3d';
  if (avatar.image) return '2d';
  return avatar.vrm ? '3d' : null;
}

/**
 * The agent's picture or model with the 2D/3D switch (SPEC §2). A kind that does not exist
 * stays in the switch, disabled, so people see it could be there.
 */
export function AgentAvatar({ avatar, name }: { avatar: AvatarFields; name: string }) {
  const { t } = useTranslation('agents');
  const [kind, setKind] = useState(() => initialKind(avatar));
  const picture = avatar.image;
  const option = (value: '2d' | '3d', label: string, available: boolean) => (
    <button
      type="button"
      role="radio"
      aria-checked={kind === value}
      disabled={!available}
      title={available ? undefined : t(value === '2d' ? 'center.avatar.no2d' : 'center.avatar.no3d')}
      onClick={() => setKind(value)}
      className="h-8 cursor-pointer rounded-full px-4 text-sm font-semibold text-white/80 transition-colors hover:text-white disabled:cursor-not-allowed disabled:opacity-40 aria-checked:bg-white aria-checked:text-brand-900"
    >
      {label}
    </button>
  );
  return (
    <div className="relative aspect-[4/5] w-full overflow-hidden rounded-3xl bg-gradient-to-br from-brand-900 via-brand-700 to-brand-500 shadow-xl shadow-brand-900/20">
      {kind === '2d' && picture && (
        <button
          type="button"
          onClick={() => openPictures([picture])}
          aria-label={t('center.avatar.open', { name })}
          className="block size-full cursor-zoom-in focus-visible:outline-2 focus-visible:outline-offset-[-4px] focus-visible:outline-white"
        >
          <img src={imageUrl(picture, 800)} alt={t('center.avatar.imageAlt', { name })} className="size-full object-cover" />
        </button>
      )}
      {kind === '3d' && avatar.vrm && <VrmViewer src={avatar.vrm} label={t('center.avatar.modelAlt', { name })} className="size-full" />}
      {kind === null && (
        <div className="grid size-full place-items-center text-7xl font-bold text-white/70" aria-hidden="true">
          {Array.from(name.trim())[0]?.toUpperCase() ?? '?'}
        </div>
      )}
      <div role="radiogroup" aria-label={t('center.avatar.switch')} className="absolute bottom-3 left-1/2 flex -translate-x-1/2 gap-1 rounded-full bg-brand-950/60 p-1 backdrop-blur">
        {option('2d', '2D', Boolean(avatar.image))}
        {option('3d', '3D', Boolean(avatar.vrm))}
      </div>
    </div>
  );
}
