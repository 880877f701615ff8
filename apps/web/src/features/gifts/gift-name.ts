import type { GiftKey } from '@starlit/contract';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';

/** A gift's name in the reader's language, for features that show gifts without owning their texts. */
export function useGiftName(): (gift: z.infer<typeof GiftKey>) => string {
  const { t } = useTranslation('gifts');
  return (gift) => t(`names.${gift}`);
}
