import { featureErrors } from './feature.ts';

/** Error codes of chat identities. */
export const identitiesErrors = featureErrors(
  {
    IDENTITY_NOT_FOUND: 6020,
  },
  {
    en_US: {
      6020: 'Chat identity not found',
    },
    zh_TW: {
      6020: '找不到聊天身分',
    },
  },
);
