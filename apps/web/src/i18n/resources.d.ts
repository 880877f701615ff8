import 'i18next';
import type agents from '../../public/locales/en_US/agents.json';
import type avatars from '../../public/locales/en_US/avatars.json';
import type cards from '../../public/locales/en_US/cards.json';
import type checkin from '../../public/locales/en_US/checkin.json';
import type chat from '../../public/locales/en_US/chat.json';
import type comments from '../../public/locales/en_US/comments.json';
import type creation from '../../public/locales/en_US/creation.json';
import type dailyTasks from '../../public/locales/en_US/daily-tasks.json';
import type economyAdmin from '../../public/locales/en_US/economy-admin.json';
import type exchange from '../../public/locales/en_US/exchange.json';
import type gifts from '../../public/locales/en_US/gifts.json';
import type community from '../../public/locales/en_US/community.json';
import type common from '../../public/locales/en_US/common.json';
import type home from '../../public/locales/en_US/home.json';
import type identities from '../../public/locales/en_US/identities.json';
import type ledger from '../../public/locales/en_US/ledger.json';
import type live from '../../public/locales/en_US/live.json';
import type moderation from '../../public/locales/en_US/moderation.json';
import type notices from '../../public/locales/en_US/notices.json';
import type social from '../../public/locales/en_US/social.json';
import type users from '../../public/locales/en_US/users.json';
import type recharge from '../../public/locales/en_US/recharge.json';
import type records from '../../public/locales/en_US/records.json';
import type redeem from '../../public/locales/en_US/redeem.json';
import type reports from '../../public/locales/en_US/reports.json';
import type search from '../../public/locales/en_US/search.json';
import type taskProgress from '../../public/locales/en_US/task-progress.json';
import type store from '../../public/locales/en_US/store.json';
import type voices from '../../public/locales/en_US/voices.json';
import type works from '../../public/locales/en_US/works.json';

// en_US is the reference language: keys are checked against it at compile time.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      agents: typeof agents;
      avatars: typeof avatars;
      cards: typeof cards;
      chat: typeof chat;
      checkin: typeof checkin;
      comments: typeof comments;
      creation: typeof creation;
      'daily-tasks': typeof dailyTasks;
      community: typeof community;
      'economy-admin': typeof economyAdmin;
      exchange: typeof exchange;
      gifts: typeof gifts;
      common: typeof common;
      home: typeof home;
      identities: typeof identities;
      ledger: typeof ledger;
      live: typeof live;
      moderation: typeof moderation;
      notices: typeof notices;
      social: typeof social;
      users: typeof users;
      recharge: typeof recharge;
      records: typeof records;
      redeem: typeof redeem;
      reports: typeof reports;
      search: typeof search;
      store: typeof store;
      'task-progress': typeof taskProgress;
      voices: typeof voices;
      works: typeof works;
    };
  }
}
