import type { RecordStatus } from '../calls/records.ts';
import type { Language } from '../i18n/languages.ts';

/**
 * Order records in the reader's language (docs/economy.md, Records): a movement's type from
 * its ledger kind, and its item from the kind and the memo its feature wrote, following the
 * records convention of the economy (one memo shape per kind). Memos are read defensively: a
 * field missing or of another type reads as unknown rather than failing a whole page.
 */

/** What the records need besides the memo. */
export interface RecordContext {
  /** The movement's currency and signed amount (an exchange's two legs read differently). */
  currency: string;
  amount: number;
  /** A `refund` reads as the refund of what its charge was for; any other status reads as the movement. */
  status?: RecordStatus;
}

type Memo = Record<string, unknown> | null | undefined;

const text = (memo: Memo, field: string): string | null => {
  const value = memo?.[field];
  return typeof value === 'string' && value.trim() !== '' ? value : typeof value === 'number' ? String(value) : null;
};

/** A name written in both languages (`{ en, zhTW }`) or as one text. */
function nameIn(memo: Memo, field: string, lang: Language): string | null {
  const value = memo?.[field];
  if (typeof value === 'string') return value.trim() || null;
  if (value && typeof value === 'object') {
    const names = value as Record<string, unknown>;
    const wanted = lang === 'zh_TW' ? (names.zhTW ?? names.zh_TW) : (names.en ?? names.en_US);
    const either = [wanted, names.en, names.zhTW].find((n) => typeof n === 'string' && n.trim() !== '');
    return typeof either === 'string' ? either : null;
  }
  return null;
}

const KIND_LABELS: Record<Language, Record<string, string>> = {
  en_US: {
    recharge: 'Recharge',
    recharge_bonus: 'Recharge bonus',
    redeem: 'Redeem code',
    exchange: 'Exchange',
    store_purchase: 'Store purchase',
    skill_purchase: 'Skill purchase',
    voice_purchase: 'Voice purchase',
    gift: 'Gift sent',
    gift_share: 'Gift share',
    checkin: 'Daily check-in',
    coupon: 'Coupon',
    adjustment: 'Adjustment',
    creation: 'Creation',
    same_style_fee: 'Same-style fee',
    daily_task: 'Daily task',
    daily_task_points: 'Daily task points',
  },
  zh_TW: {
    recharge: '儲值',
    recharge_bonus: '儲值加贈',
    redeem: '兌換碼',
    exchange: '兌換',
    store_purchase: '商城購買',
    skill_purchase: '技能購買',
    voice_purchase: '聲音購買',
    gift: '送出禮物',
    gift_share: '禮物分成',
    checkin: '每日簽到',
    coupon: '優惠券',
    adjustment: '餘額調整',
    creation: '創作',
    same_style_fee: '同款創作費',
    daily_task: '每日任務',
    daily_task_points: '每日任務積分',
  },
};

/** The seven gifts of SPEC §3, by their key written any way (finger_heart, fingerHeart, finger-heart). */
const GIFT_NAMES: Record<Language, Record<string, string>> = {
  en_US: { heart: 'Heart', lollipop: 'Lollipop', beer: 'Beer', fingerheart: 'Finger heart', rose: 'Rose', balloon: 'Balloon', firework: 'Firework' },
  zh_TW: { heart: '愛心', lollipop: '棒棒糖', beer: '啤酒', fingerheart: '比心', rose: '玫瑰', balloon: '氣球', firework: '煙火' },
};

/** The skills of SPEC §3. */
const SKILL_NAMES: Record<Language, Record<string, string>> = {
  en_US: { texttoimage: 'Text to image', imagetoimage: 'Image to image', texttomusic: 'Text to music', aidance: 'AI dance' },
  zh_TW: { texttoimage: '文生圖', imagetoimage: '圖生圖', texttomusic: '文生音樂', aidance: 'AI 舞蹈' },
};

/** The generation workflows of SPEC §3, by their id as `normalized` leaves it (letters only: text2Img is textimg). */
const WORKFLOW_NAMES: Record<Language, Record<string, string>> = {
  en_US: { textimg: 'Text to image', imgimg: 'Image to image', textmusic: 'Text to music', textdance: 'Text to dance', musicdance: 'Music to dance', clonevoice: 'Voice clone' },
  zh_TW: { textimg: '文生圖', imgimg: '圖生圖', textmusic: '文生音樂', textdance: '文生舞蹈', musicdance: '音樂生舞蹈', clonevoice: '聲音複製' },
};

/** The daily task types of SPEC §2, by their id as `normalized` leaves it (text_to_image is texttoimage). */
const TASK_TYPE_NAMES: Record<Language, Record<string, string>> = {
  en_US: { texttoimage: 'Text to image', texttocomic: 'Text to comic', texttospeech: 'Text to speech', texttosong: 'Text to song', texttodance: 'Text to dance', comictovideo: 'Comic to video' },
  zh_TW: { texttoimage: '文生圖', texttocomic: '文生漫畫', texttospeech: '文字轉語音', texttosong: '文生歌曲', texttodance: '文生舞蹈', comictovideo: '漫畫轉影片' },
};

const CURRENCY_NAMES: Record<Language, Record<string, string>> = {
  en_US: { JE: 'diamonds', CAC: 'creation counts', CWA: 'compute power', MSS: 'points', M: 'money' },
  zh_TW: { JE: '鑽石', CAC: '創作次數', CWA: '算力', MSS: '積分', M: '金額' },
};

const normalized = (key: string) => key.toLowerCase().replace(/[^a-z]/g, '');
const lookup = (table: Record<string, string>, key: string | null, unknown: string) => (key === null ? unknown : (table[normalized(key)] ?? key));

interface Words {
  recharge(pkg: string | null, couponPercentOff: number | null): string;
  rechargeBonus(pkg: string | null): string;
  redeem: string;
  exchangeOut: string;
  exchangeIn(currency: string): string;
  store(name: string | null): string;
  skill(skill: string, agent: string, days: number | null): string;
  voice(name: string | null): string;
  gift(gift: string, agent: string): string;
  giftShare(gift: string, agent: string): string;
  checkin(day: string | null): string;
  coupon: string;
  adjustment(reason: string | null): string;
  creation(workflow: string): string;
  sameStyleFee(work: string, earned: boolean): string;
  dailyTask(type: string, title: string | null): string;
  dailyTaskPoints(type: string): string;
  refund(item: string): string;
  anAgent: string;
  aGift: string;
  aSkill: string;
}

const WORDS: Record<Language, Words> = {
  en_US: {
    recharge: (pkg, off) => `${pkg ? `Diamond package ${pkg}` : 'Diamond package'}${off === null ? '' : ` (starter pack coupon: ${off}% off)`}`,
    rechargeBonus: (pkg) => (pkg ? `Bonus diamonds of package ${pkg}` : 'Bonus diamonds'),
    redeem: 'Redeemed a code',
    exchangeOut: 'Diamonds exchanged',
    exchangeIn: (currency) => `${currency[0].toUpperCase()}${currency.slice(1)} from an exchange`,
    store: (name) => (name ? `Store: ${name}` : 'Store item'),
    skill: (skill, agent, days) => `${skill} skill for ${agent}, ${days === null ? 'permanent' : `${days} ${days === 1 ? 'day' : 'days'}`}`,
    voice: (name) => (name ? `Voice: ${name}` : 'Voice'),
    gift: (gift, agent) => `${gift} sent to ${agent}`,
    giftShare: (gift, agent) => `Your share of a ${gift.toLowerCase()} sent to ${agent}`,
    checkin: (day) => (day ? `Daily check-in, ${day}` : 'Daily check-in'),
    coupon: 'Starter pack coupon',
    adjustment: (reason) => (reason ? `Adjusted by an admin: ${reason}` : 'Adjusted by an admin'),
    creation: (workflow) => `Creation: ${workflow}`,
    sameStyleFee: (work, earned) => (earned ? `Earned: someone made the same style as “${work}”` : `Author's fee for the same style as “${work}”`),
    dailyTask: (type, title) => (title ? `Daily task: ${type}, “${title}”` : `Daily task: ${type}`),
    dailyTaskPoints: (type) => `Points for a finished daily task: ${type}`,
    refund: (item) => `Refund · ${item}`,
    anAgent: 'an agent',
    aGift: 'A gift',
    aSkill: 'A',
  },
  zh_TW: {
    recharge: (pkg, off) => `${pkg ? `鑽石方案 ${pkg}` : '鑽石方案'}${off === null ? '' : `（新手禮包優惠券：折抵 ${off}%）`}`,
    rechargeBonus: (pkg) => (pkg ? `方案 ${pkg} 加贈鑽石` : '加贈鑽石'),
    redeem: '使用兌換碼',
    exchangeOut: '鑽石兌換',
    exchangeIn: (currency) => `兌換獲得${currency}`,
    store: (name) => (name ? `商城：${name}` : '商城商品'),
    skill: (skill, agent, days) => `${agent} 的「${skill}」技能，${days === null ? '永久' : `${days} 天`}`,
    voice: (name) => (name ? `聲音：${name}` : '聲音'),
    gift: (gift, agent) => `送給 ${agent} 的${gift}`,
    giftShare: (gift, agent) => `${agent} 收到${gift}的分成`,
    checkin: (day) => (day ? `每日簽到 ${day}` : '每日簽到'),
    coupon: '新手禮包優惠券',
    adjustment: (reason) => (reason ? `管理員調整：${reason}` : '管理員調整'),
    creation: (workflow) => `創作：${workflow}`,
    sameStyleFee: (work, earned) => (earned ? `收入：有人製作了「${work}」的同款` : `「${work}」同款創作的作者費用`),
    dailyTask: (type, title) => (title ? `每日任務：${type}「${title}」` : `每日任務：${type}`),
    dailyTaskPoints: (type) => `完成每日任務獲得積分：${type}`,
    refund: (item) => `退款・${item}`,
    anAgent: '智能體',
    aGift: '禮物',
    aSkill: '某項',
  },
};

/** A movement's type: its kind in the reader's language, or the kind itself when records do not know it. */
export function recordKindLabel(kind: string, lang: Language): string {
  return KIND_LABELS[lang][kind] ?? kind;
}

const STATUS_LABELS: Record<Language, Record<RecordStatus, string>> = {
  en_US: { done: 'Completed', held: 'Held', paid: 'Paid', refunded: 'Refunded', refund: 'Refund' },
  zh_TW: { done: '已完成', held: '預扣中', paid: '已付款', refunded: '已退款', refund: '退款' },
};

/** Where a record stands, in the reader's language (the CSV's Status column, the web's badge). */
export function recordStatusLabel(status: RecordStatus, lang: Language): string {
  return STATUS_LABELS[lang][status];
}

/**
 * What a movement was for, in the reader's language, from its kind and memo. A refund names
 * the charge it gives back: the item as the charge read it (its amount the other way round).
 */
export function recordItem(kind: string, memo: Memo, lang: Language, context: RecordContext): string {
  if (context.status === 'refund') return WORDS[lang].refund(itemOf(kind, memo, lang, { currency: context.currency, amount: -context.amount }));
  return itemOf(kind, memo, lang, context);
}

function itemOf(kind: string, memo: Memo, lang: Language, context: RecordContext): string {
  const w = WORDS[lang];
  // the name the agent had when the movement was made (never looked up: it may have gone private or been renamed)
  const agent = text(memo, 'agentName') ?? w.anAgent;
  switch (kind) {
    case 'recharge': {
      const off = memo?.couponPercentOff;
      return w.recharge(text(memo, 'packageId'), typeof off === 'number' ? off : null);
    }
    case 'recharge_bonus':
      return w.rechargeBonus(text(memo, 'packageId'));
    case 'redeem':
      return w.redeem;
    case 'exchange':
      return context.amount < 0 ? w.exchangeOut : w.exchangeIn(CURRENCY_NAMES[lang][context.currency] ?? context.currency);
    case 'store_purchase':
      return w.store(nameIn(memo, 'name', lang));
    case 'skill_purchase': {
      const days = memo?.days;
      return w.skill(lookup(SKILL_NAMES[lang], text(memo, 'skill'), w.aSkill), agent, typeof days === 'number' ? days : null);
    }
    case 'voice_purchase':
      return w.voice(nameIn(memo, 'name', lang));
    case 'gift':
    case 'gift_share': {
      const gift = lookup(GIFT_NAMES[lang], text(memo, 'giftKey'), w.aGift);
      return kind === 'gift' ? w.gift(gift, agent) : w.giftShare(gift, agent);
    }
    case 'checkin':
      return w.checkin(text(memo, 'day'));
    case 'coupon':
      return w.coupon;
    case 'adjustment':
      return w.adjustment(text(memo, 'reason'));
    case 'same_style_fee':
      return w.sameStyleFee(text(memo, 'workName') ?? recordKindLabel(kind, lang), context.amount > 0);
    case 'creation':
      return w.creation(lookup(WORKFLOW_NAMES[lang], text(memo, 'workflow'), recordKindLabel(kind, lang)));
    case 'daily_task':
      return w.dailyTask(lookup(TASK_TYPE_NAMES[lang], text(memo, 'type'), recordKindLabel(kind, lang)), text(memo, 'title'));
    case 'daily_task_points':
      return w.dailyTaskPoints(lookup(TASK_TYPE_NAMES[lang], text(memo, 'type'), recordKindLabel(kind, lang)));
    default:
      return recordKindLabel(kind, lang);
  }
}
