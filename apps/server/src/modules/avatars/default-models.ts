import type { Storage } from '../../platform/storage.ts';
import { buildDefaultVrm } from './default-vrm.ts';

/** The built-in 3D models, written to storage at start (they are generated, never downloaded). */
export const DEFAULT_MODELS = [
  { id: 'starlit-basic', name: 'Starlit Basic', key: 'defaults/vrm/starlit-basic.vrm', engine: 'Starlit built-in model', build: () => buildDefaultVrm('Starlit Basic') },
] as const;

/** Writes every built-in model whose file is missing. */
export async function ensureDefaultModels(storage: Storage): Promise<void> {
  for (const model of DEFAULT_MODELS) {
    if (!(await storage.read(model.key))) await storage.put(model.key, model.build(), 'model/gltf-binary');
  }
}
