import type { SkillKey } from '@starlit/contract';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';

/** A skill's name in the reader's language, for features that show skills without owning their texts. */
export function useSkillName(): (skill: z.infer<typeof SkillKey>) => string {
  const { t } = useTranslation('agents');
  return (skill) => t(`skills.${skill}`);
}
