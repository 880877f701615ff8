import type { Config } from '../../config.ts';
import type { DanceModel } from './dance-model.ts';
import { offlineDanceModel } from './dance-model.ts';
import { httpDanceModel } from './http-dance.ts';

/**
 * The dance engine the configuration asks for: the HTTP motion-generation service when
 * DANCE_SERVICE_URL is set (with DANCE_SERVICE_KEY as its bearer key), otherwise the offline
 * beat-tracking choreographer.
 */
export function createDanceModel(dance: Config['dance']): DanceModel {
  if (!dance.service) return offlineDanceModel();
  return httpDanceModel({ url: dance.service.url, apiKey: dance.service.apiKey });
}
