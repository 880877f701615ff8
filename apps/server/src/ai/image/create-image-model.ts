import type { Config } from '../../config.ts';
import { automatic1111ImageModel } from './automatic1111.ts';
import type { ImageModel } from './image-model.ts';
import { offlineImageModel } from './offline.ts';
import { openAiCompatibleImageModel } from './openai-compatible.ts';

/**
 * The image engine the configuration asks for. IMAGE_PROVIDER names the protocol; an
 * IMAGE_BASE_URL alone means OpenAI-compatible, and nothing at all means offline.
 */
export function createImageModel(image: Config['image']): ImageModel {
  const provider = image.provider ?? (image.baseUrl ? 'openai' : 'offline');
  if (provider === 'offline') return offlineImageModel();
  if (!image.baseUrl) throw new Error(`IMAGE_PROVIDER=${provider} needs IMAGE_BASE_URL`);
  if (provider === 'automatic1111') return automatic1111ImageModel({ baseUrl: image.baseUrl, apiKey: image.apiKey, model: image.model });
  return openAiCompatibleImageModel({ baseUrl: image.baseUrl, apiKey: image.apiKey, model: image.model ?? 'gpt-image-1' });
}
