import { featureErrors } from './feature.ts';

/**
 * Error codes of skills and premium voices bought with diamonds (8450–8599); a short balance is
 * the ledger's "Insufficient Diamond" (8002).
 */
export const skillsErrors = featureErrors(
  {
    SKILL_OWNED_FOR_GOOD: 8451,
    VOICE_NOT_PURCHASED: 8452,
    VOICE_ALREADY_PURCHASED: 8453,
    VOICE_NOT_FOR_SALE: 8454,
  },
  {
    en_US: {
      8451: 'This skill is already yours for good',
      8452: 'Buy this voice before your agent speaks with it',
      8453: 'You already own this voice',
      8454: 'This voice is not for sale',
    },
    zh_TW: {
      8451: '此技能已永久擁有',
      8452: '請先購買此聲音，智能體才能使用',
      8453: '你已擁有此聲音',
      8454: '此聲音不販售',
    },
  },
);
