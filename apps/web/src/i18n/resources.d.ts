import 'i18next';
import type agents from '../../public/locales/en_US/agents.json';
import type avatars from '../../public/locales/en_US/avatars.json';
import type cards from '../../public/locales/en_US/cards.json';
import type chat from '../../public/locales/en_US/chat.json';
import type common from '../../public/locales/en_US/common.json';
import type home from '../../public/locales/en_US/home.json';
import type identities from '../../public/locales/en_US/identities.json';
import type notices from '../../public/locales/en_US/notices.json';
import type search from '../../public/locales/en_US/search.json';
import type voices from '../../public/locales/en_US/voices.json';

// en_US is the reference language: keys are checked against it at compile time.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      agents: typeof agents;
      avatars: typeof avatars;
      cards: typeof cards;
      chat: typeof chat;
      common: typeof common;
      home: typeof home;
      identities: typeof identities;
      notices: typeof notices;
      search: typeof search;
      voices: typeof voices;
    };
  }
}
