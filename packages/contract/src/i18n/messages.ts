import type { Language } from './languages.ts';

/**
 * Texts of the SPEC §5 rules, by i18n key. Rules in `rules/` carry the key as their message,
 * so the web form and the server show the same words; en_US keeps the spec's exact English.
 */
const en_US = {
  'agent.nameRequired': 'Name is required',
  'agent.nameTooLong': 'Name must be at most 20 characters',
  'agent.genderInvalid': 'Gender must be Unknown, Male or Female',
  'agent.roleSettingTooLong': 'Role setting must be at most 1000 characters',
  'agent.openingTooLong': 'Opening must be at most 500 characters',
  'agent.roleIntroTooLong': 'Role intro must be at most 2000 characters',
  'agent.tagEmpty': 'Tag cannot be empty',
  'agent.tagTooLong': 'Tag must be at most 20 characters',
  'agent.tagExists': 'Tag already exists',
  'agent.tagSelected': 'Tag already selected',
  'agent.tagsMax': 'Maximum 5 tags allowed',
  'agent.skillDuplicate': 'The same skill cannot be selected twice',
  'agent.roleNameRequired': 'Role name is required',
  'agent.openingRequired': 'Opening is required',
  'agent.roleIntroRequired': 'Role intro is required',
  'agent.roleSettingRequired': 'Role setting is required',
  'agent.avatarRequired': 'Avatar is required',
  'agent.voiceRequired': 'Voice is required',
  'agent.skillRequired': 'When using an agent, at least one ability must be selected',
  'agent.auditionRequired': 'The opening must be auditioned before publish',
  'voice.max': 'At most 4 voices per agent',
  'voice.clonedMax': 'At most 1 own cloned voice',
  'voice.clonedMixed': 'A cloned voice cannot be mixed with official voices',
  'voice.duplicate': 'The same voice cannot be added twice',
  'card.voicesNotHere': 'The voices of this card are not available here: pick a voice',
  'card.assetsNotKept': 'Some files of this card (emotion sprites, backgrounds and the like) are not inside it and were not imported',
  'card.textTooLong': 'A character card text must be at most 20000 characters',
  'card.greetingsMax': 'At most 50 alternate greetings',
  'card.entriesMax': 'At most 1000 lorebook entries',
  'card.keyInvalid': 'A lorebook key must be 1 to 200 characters',
  'card.keysMax': 'At most 50 keys per lorebook entry',
  'identity.nameRequired': 'Name is required',
  'identity.nameTooLong': 'Name must be at most 20 characters',
  'work.nameRequired': 'Name is required',
  'work.nameTooLong': 'Name must be at most 20 characters wide (a Chinese character counts as 2)',
  'work.publisherRequired': 'Publisher is required',
  'work.publisherTooLong': 'Publisher must be at most 20 characters wide (a Chinese character counts as 2)',
  'identity.genderRequired': 'Gender is required',
  'identity.backgroundTooLong': 'Background must be at most 1000 characters',
  'identity.agentRequired': 'Choose the agent this identity is for, or make it global',
  'report.typeRequired': 'please select report type',
  'report.descriptionRequired': 'please fill in report description',
  'report.descriptionTooLong': 'Report description must be at most 500 characters',
  'report.imagesMax': 'At most 3 pictures',
  'report.incomplete': 'Parameters must be complete',
  'ledger.keyInvalid': 'A request key is 8 to 64 letters, digits, - or _',
  'store.nothingSelected': 'Select at least one item to buy',
  'moderation.reasonRequired': 'A reason is required',
  'moderation.reasonTooLong': 'Reason must be at most 500 characters',
  'page.cursorInvalid': 'This place in the list is not valid: reload the list',
  'user.birthdayInvalid': 'Birthday must be a date (YYYY-MM-DD) from 1900-01-01 to today',
  'comment.textRequired': 'Comment text is required',
  'comment.textTooLong': 'A comment can be at most 1000 characters',
} as const;

/** A key of the rule message catalogue. */
export type MessageKey = keyof typeof en_US;

const zh_TW: Record<MessageKey, string> = {
  'agent.nameRequired': '名稱為必填',
  'agent.nameTooLong': '名稱最多 20 個字',
  'agent.genderInvalid': '性別須為未知、男或女',
  'agent.roleSettingTooLong': '角色設定最多 1000 個字',
  'agent.openingTooLong': '開場白最多 500 個字',
  'agent.roleIntroTooLong': '角色介紹最多 2000 個字',
  'agent.tagEmpty': '標籤不可為空',
  'agent.tagTooLong': '標籤最多 20 個字',
  'agent.tagExists': '標籤已存在',
  'agent.tagSelected': '標籤已選擇',
  'agent.tagsMax': '最多只能有 5 個標籤',
  'agent.skillDuplicate': '同一個技能不能選擇兩次',
  'agent.roleNameRequired': '角色名稱為必填',
  'agent.openingRequired': '開場白為必填',
  'agent.roleIntroRequired': '角色介紹為必填',
  'agent.roleSettingRequired': '角色設定為必填',
  'agent.avatarRequired': '形象為必填',
  'agent.voiceRequired': '聲音為必填',
  'agent.skillRequired': '使用智能體時，至少需選擇一項能力',
  'agent.auditionRequired': '發布前必須先試聽開場白',
  'voice.max': '每個智能體最多 4 個聲音',
  'voice.clonedMax': '最多 1 個自己複製的聲音',
  'voice.clonedMixed': '複製的聲音不能與官方聲音混用',
  'voice.duplicate': '同一個聲音不能重複加入',
  'card.voicesNotHere': '此角色卡的聲音在這裡無法使用：請選擇一個聲音',
  'card.assetsNotKept': '此角色卡的部分檔案（表情圖、背景等）不在卡片內，未能匯入',
  'card.textTooLong': '角色卡的文字最多 20000 個字元',
  'card.greetingsMax': '最多 50 則替代開場白',
  'card.entriesMax': '最多 1000 個世界書條目',
  'card.keyInvalid': '世界書關鍵字需為 1 到 200 個字元',
  'card.keysMax': '每個世界書條目最多 50 個關鍵字',
  'identity.nameRequired': '名稱為必填',
  'identity.nameTooLong': '名稱最多 20 個字',
  'work.nameRequired': '名稱為必填',
  'work.nameTooLong': '名稱最多 10 個中文字或 20 個英文字',
  'work.publisherRequired': '發佈者為必填',
  'work.publisherTooLong': '發佈者最多 10 個中文字或 20 個英文字',
  'identity.genderRequired': '性別為必填',
  'identity.backgroundTooLong': '背景最多 1000 個字',
  'identity.agentRequired': '請選擇此身分要用於哪個智能體，或設為通用',
  'report.typeRequired': '請選擇檢舉類型',
  'report.descriptionRequired': '請填寫檢舉說明',
  'report.descriptionTooLong': '檢舉說明最多 500 個字',
  'report.imagesMax': '最多 3 張圖片',
  'report.incomplete': '參數必須完整',
  'ledger.keyInvalid': '請求金鑰須為 8 到 64 個英數字、- 或 _',
  'store.nothingSelected': '請至少選擇一件商品',
  'moderation.reasonRequired': '請填寫原因',
  'moderation.reasonTooLong': '原因最多 500 個字',
  'page.cursorInvalid': '列表位置無效：請重新載入列表',
  'user.birthdayInvalid': '生日須為 1900-01-01 至今天之間的日期（YYYY-MM-DD）',
  'comment.textRequired': '留言內容為必填',
  'comment.textTooLong': '留言最多 1000 個字',
};

/** Every rule message in every language. */
export const messages: Record<Language, Record<MessageKey, string>> = { en_US, zh_TW };

/** Whether a text is a key of the rule message catalogue. */
export function isMessageKey(text: string): text is MessageKey {
  return Object.hasOwn(en_US, text);
}

/** The text of a rule message key in a language. */
export function message(key: MessageKey, lang: Language): string {
  return messages[lang][key];
}
