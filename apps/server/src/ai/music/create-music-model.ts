import type { Config } from '../../config.ts';
import type { MusicModel } from './music-model.ts';
import { offlineMusicModel } from './offline.ts';
import { replicateMusicModel } from './replicate.ts';

/**
 * The music engine the configuration asks for: a model on Replicate when REPLICATE_API_TOKEN
 * and REPLICATE_MUSIC_MODEL are set, otherwise the offline algorithmic composer.
 */
export function createMusicModel(music: Config['music']): MusicModel {
  if (!music.replicate) return offlineMusicModel();
  return replicateMusicModel({ apiUrl: music.replicate.apiUrl, token: music.replicate.token, model: music.replicate.model });
}
