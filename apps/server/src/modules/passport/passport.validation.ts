import { Password, UserName } from '@starlit/contract/rules';
import type { z } from 'zod';
import { fill, type PassportStrings } from './passport.i18n.ts';

function describe(issue: z.core.$ZodIssue, messages: { short: string; long: string; other: string }): string {
  if (issue.code === 'too_small') return fill(messages.short, { n: Number(issue.minimum) });
  if (issue.code === 'too_big') return fill(messages.long, { n: Number(issue.maximum) });
  return messages.other;
}

/**
 * Checks a sign-up form with the contract's account rules and answers the cleaned user
 * name plus the problems in the page's language (the rules' own texts are English only).
 */
export function checkSignUp(t: PassportStrings, form: { userName: string; password: string; confirm: string }) {
  const errors: string[] = [];
  const name = UserName.safeParse(form.userName);
  if (!name.success) {
    for (const issue of name.error.issues) {
      errors.push(describe(issue, { short: t.usernameTooShort, long: t.usernameTooLong, other: t.usernameCharacters }));
    }
  }
  const password = Password.safeParse(form.password);
  if (!password.success) {
    for (const issue of password.error.issues) {
      errors.push(describe(issue, { short: t.passwordTooShort, long: t.passwordTooLong, other: t.passwordInvalid }));
    }
  }
  if (password.success && form.password !== form.confirm) errors.push(t.passwordsDiffer);
  return { userName: name.success ? name.data : form.userName.trim(), errors: [...new Set(errors)] };
}
