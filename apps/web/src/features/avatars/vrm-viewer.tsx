import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { staticUrl } from '../../platform/static-url';
import { Spinner } from '../../ui/spinner';
import type { VrmSceneProps } from './vrm-scene';

// three and @pixiv/three-vrm are large: they arrive in their own chunk when a model is shown
const VrmScene = lazy(() => import('./vrm-scene'));

/**
 * A 3D avatar viewer anyone can drop in: the model turns slowly and can be dragged. It shows
 * a spinner while the viewer code and the model load, and says so when the model cannot be read.
 */
export function VrmViewer({ src, label, className = '' }: Pick<VrmSceneProps, 'src' | 'label'> & { className?: string }) {
  const { t } = useTranslation('avatars');
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  return (
    <div className={`relative ${className}`}>
      <Suspense fallback={null}>
        <VrmScene src={staticUrl(src)} label={label} onStateChange={setState} />
      </Suspense>
      {state !== 'ready' && (
        <div role="status" className="absolute inset-0 grid place-items-center text-sm text-muted">
          {state === 'failed' ? t('modelFailed') : <Spinner className="size-7" />}
          {state === 'loading' && <span className="sr-only">{t('modelLoading')}</span>}
        </div>
      )}
    </div>
  );
}
