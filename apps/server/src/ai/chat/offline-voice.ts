/**
 * Turns a sentence of an agent's texts into something the agent itself would say. Role settings
 * speak *about* the agent — "You are Luna…", "Mira is…; she loves…", SillyTavern's
 * "{{char}} is…", "米拉是…。她喜歡…" — and the offline engine answers with those sentences.
 */

const CJK = /[\u3400-\u9fff\uf900-\ufaff]/g;
const LATIN = /[a-z]/gi;

/** Whether a text is written in Chinese: a name or a word of English inside it does not change that, nor the reverse. */
export function isChinese(text: string): boolean {
  const cjk = text.match(CJK)?.length ?? 0;
  return cjk > 0 && cjk * 3 >= (text.match(LATIN)?.length ?? 0);
}

/** The parts of a name written in the script of the text: "Luna 露娜" is "Luna" in English and "露娜" in Chinese. */
function namesFor(name: string, chinese: boolean): string[] {
  const parts = name.split(/\s+/).filter((part) => part && isChinese(part) === chinese);
  return parts.length > 1 ? [parts.join(' '), ...parts] : parts;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// words that may sit between a subject and its verb: "she often reads"
const ADVERB = String.raw`(?:(?:often|always|never|also|still|usually|sometimes|rarely|only|really|just|secretly|quietly|even|\w+ly)\s+)?`;
const OBJECT_HER = /\bher\b(?=\s*(?:[.,;:!?]|$)|\s+(?:and|or|but|to|with|for|in|on|at|from|because|when|while|so|the|a|an)\b)/gi;
const IRREGULAR: Record<string, string> = { is: 'am', has: 'have', does: 'do', was: 'was', goes: 'go' };

/** A verb after a third-person subject, as after "I": loves → love, watches → watch, carries → carry. */
function firstPersonVerb(verb: string): string {
  const lower = verb.toLowerCase();
  if (IRREGULAR[lower]) return IRREGULAR[lower];
  if (/[^aeiou]ies$/.test(lower)) return `${verb.slice(0, -3)}y`;
  if (/(?:ss|sh|ch|x|z|o)es$/.test(lower)) return verb.slice(0, -2);
  if (/[^s]s$/.test(lower)) return verb.slice(0, -1);
  return verb;
}

/** English: "you"/"{{char}}"/the agent's name/"she"/"he" as the agent become "I", "my", "me". */
function englishFirstPerson(sentence: string, names: string[]): string {
  // "she" and "he" are subjects wherever they stand; a name only where a clause starts
  const pronouns = String.raw`(?:\{\{char\}\}|\b(?:she|he))`;
  const named = names.length > 0 ? String.raw`|(?:^|[;:,]\s+|\b(?:and|but|while|when|because|so|if)\s+)(?:${names.map(escapeRegExp).join('|')})` : '';
  let out = sentence
    .replace(/\{\{user\}\}/gi, 'you')
    // "{{char}}'s" and "Mira's" are the agent's
    .replace(/\{\{char\}\}['’]s/gi, 'my');
  for (const part of names) out = out.replace(new RegExp(String.raw`\b${escapeRegExp(part)}['’]s\b`, 'g'), 'my');
  let third = false;
  out = out.replace(new RegExp(String.raw`(${pronouns}${named})\s+(${ADVERB})(\w+)`, 'gi'), (_match: string, subject: string, adverb: string, verb: string) => {
    third = true;
    const lead = /^[;:,]\s+|^(?:and|but|while|when|because|so|if)\s+/i.exec(subject)?.[0] ?? '';
    return `${lead}I ${adverb}${firstPersonVerb(verb)}`;
  });
  out = out.replace(/\{\{char\}\}/gi, 'me');
  if (third) {
    out = out
      .replace(/\b(?:herself|himself)\b/gi, 'myself')
      // "her" before a noun is "my"; at the end of a clause it is "me": "everyone loves her."
      .replace(OBJECT_HER, 'me')
      .replace(/\b(?:her|his)\b/gi, 'my')
      .replace(/\bhim\b/gi, 'me')
      // a second verb of the same subject: "I love the sea and tells stories" → "and tell stories"
      .replace(new RegExp(String.raw`\b(and|or|but)\s+(${ADVERB})(\w+s)\b(?=\s+\w)`, 'g'), (_m, join: string, adverb: string, verb: string) => `${join} ${adverb}${firstPersonVerb(verb)}`);
  }
  // "You are Luna" is the setting speaking to the agent, and so is the "you" of a main clause after a
  // leading one ("When someone cannot sleep, you help them"); next to "I" or "my", or opening a
  // condition ("If you ask…"), "you" is the user
  const toAgent = /^(you|your)\b/i.test(out) || (/[,;:]\s+you\b/i.test(out) && !/^(?:if|when|whenever|once|as|should)\s+you\b/i.test(out));
  if (toAgent && !/\b(I|I'm|me|my|mine)\b/.test(out)) {
    out = out
      .replace(/^You are\b/i, 'I am')
      .replace(/^You were\b/i, 'I was')
      .replace(/^You're\b/i, "I'm")
      .replace(/(^|[;:,]\s+|\b(?:and|but|while|when|because|so|if)\s+)you are\b/gi, '$1I am')
      .replace(/(^|[;:,]\s+|\b(?:and|but|while|when|because|so|if)\s+)you\b/gi, '$1I')
      .replace(/\byourself\b/gi, 'myself')
      .replace(/\byours\b/gi, 'mine')
      .replace(/\byour\b/gi, 'my')
      // "you" left is an object: "people call you Luna"
      .replace(/\byou\b/gi, 'me');
  }
  // a sentence starting lower case after rewriting ("my telescope…") still starts a sentence
  return out.charAt(0).toUpperCase() + out.slice(1);
}

/** Chinese: the agent's name, "{{char}}", 你 (as the setting addresses the agent) or a leading 她/他 become 我. */
function chineseFirstPerson(sentence: string, names: string[]): string {
  // a sentence already in the first person ("我是露娜") speaks to the user: 你 is the user there
  if (/[我吾]/.test(sentence)) return sentence.replace(/\{\{user\}\}/gi, '你');
  let out = sentence.replace(/\{\{char\}\}/gi, '我').replace(/\{\{user\}\}/gi, '你');
  for (const part of names) out = out.replaceAll(part, '我');
  if (/^你/.test(out)) return out.replace(/你們/g, '我們').replace(/你/g, '我');
  return out.replace(/^[她他]/, '我').replace(/([，；。])[她他](?=[^們])/g, '$1我');
}

/** The sentence as the agent would say it, in the first person. */
export function inFirstPerson(sentence: string, name = ''): string {
  const chinese = isChinese(sentence);
  return chinese ? chineseFirstPerson(sentence, namesFor(name, true)) : englishFirstPerson(sentence, namesFor(name, false));
}

// Role settings mix who the agent is with orders to the model and example dialogue: none of it is
// something the agent would say.
const INSTRUCTION =
  /^(reply|answer|respond|always|never|keep|stay|use|speak|do not|don't|avoid|write|ask|describe|act|pretend|roleplay|you must|you will|you should|make sure|remember|note)\b|^(請|回覆|回答|永遠|不要|保持|使用|扮演|務必|記得|注意|禁止)|\b(the user|user's|\{\{user\}\}:|in character|out of character|OOC|roleplay|role-play|system|prompt|AI|assistant|language model|the model|respon(?:d|se)s?|replies|reply)\b|<START>|\[|\]|^\s*\{\{(?:user|char)\}\}\s*:|用戶|使用者|系統|提示詞|角色扮演|回覆|回答|語言模型/i;

/** Whether a sentence of a role setting is an order to the model (or example dialogue) rather than who the agent is. */
export function isInstruction(sentence: string): boolean {
  return INSTRUCTION.test(sentence);
}
