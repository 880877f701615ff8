import { PROFILE_LIMITS, type CallInput, type calls } from '@starlit/contract';
import type { ProfileData } from './profile-header';

/** The personal info form: what the owner edits, as the inputs hold it (an empty birthday is none). */
export interface ProfileForm {
  userName: string;
  gender: ProfileData['gender'];
  birthday: string;
  hideWorks: boolean;
}

export type ProfileChanges = Omit<CallInput<typeof calls.users.updateProfile>, 'avatar'>;

export const formOf = (profile: ProfileData): ProfileForm => ({ userName: profile.userName, gender: profile.gender, birthday: profile.birthday ?? '', hideWorks: profile.hideWorks });

/** Only the fields that differ from the saved profile, so saving one thing cannot undo another tab's change. */
export function changesOf(profile: ProfileData, form: ProfileForm): ProfileChanges {
  const changes: ProfileChanges = {};
  const userName = form.userName.trim();
  if (userName !== profile.userName) changes.userName = userName;
  if (form.gender !== profile.gender) changes.gender = form.gender;
  const birthday = form.birthday === '' ? null : form.birthday;
  if (birthday !== profile.birthday) changes.birthday = birthday;
  if (form.hideWorks !== profile.hideWorks) changes.hideWorks = form.hideWorks;
  return changes;
}

const AVATAR_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp']);

/** Why a picked file cannot be an avatar (the server checks the content again), or null. */
export function avatarProblem(file: { size: number; type: string }): 'avatarTooLarge' | 'avatarNotPicture' | null {
  if (!AVATAR_TYPES.has(file.type)) return 'avatarNotPicture';
  if (file.size > PROFILE_LIMITS.avatarBytes) return 'avatarTooLarge';
  return null;
}
