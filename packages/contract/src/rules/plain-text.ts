// C0 and C1 control characters except tab and line feed, and the bidirectional embedding,
// override and isolate marks (which can make a text read backwards from how it is stored)
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are what the rule removes
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/**
 * Text people typed, without the characters nobody means to type: control characters are
 * dropped (a carriage return too, so "\r\n" becomes "\n") while tabs and line breaks stay.
 */
export function withoutControlCharacters(text: string): string {
  return text.replace(CONTROL, '');
}
