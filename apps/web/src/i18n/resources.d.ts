import 'i18next';
import type agentCenter from '../../public/locales/en_US/agent-center.json';
import type agents from '../../public/locales/en_US/agents.json';
import type chat from '../../public/locales/en_US/chat.json';
import type common from '../../public/locales/en_US/common.json';
import type home from '../../public/locales/en_US/home.json';
import type notices from '../../public/locales/en_US/notices.json';

// en_US is the reference language: keys are checked against it at compile time.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: { 'agent-center': typeof agentCenter; agents: typeof agents; chat: typeof chat; common: typeof common; home: typeof home; notices: typeof notices };
  }
}
