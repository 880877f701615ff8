import { PROFILE_LIMITS } from '@starlit/contract';
import { describe, expect, it } from 'vitest';
import { avatarProblem, changesOf, formOf } from './profile-form';
import type { ProfileData } from './profile-header';

const profile: ProfileData = {
  userId: 'u1',
  userName: 'stella',
  avatar: null,
  gender: 'Unknown',
  isOfficial: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  isMe: true,
  birthday: '1990-05-17',
  hideWorks: false,
  worksHidden: false,
  counts: { works: 0, posts: 0, agents: 0 },
};

describe('changesOf', () => {
  it('sends nothing when nothing changed', () => {
    expect(changesOf(profile, formOf(profile))).toEqual({});
  });

  it('sends only what changed, the name trimmed, an emptied birthday as null', () => {
    expect(changesOf(profile, { ...formOf(profile), userName: ' luna ', birthday: '', hideWorks: true })).toEqual({ userName: 'luna', birthday: null, hideWorks: true });
    expect(changesOf({ ...profile, birthday: null }, { ...formOf(profile), gender: 'Woman', birthday: '' })).toEqual({ gender: 'Woman' });
  });
});

describe('avatarProblem', () => {
  it('takes JPG, PNG and WebP up to the limit', () => {
    expect(avatarProblem({ type: 'image/jpeg', size: PROFILE_LIMITS.avatarBytes })).toBeNull();
    expect(avatarProblem({ type: 'image/webp', size: 10 })).toBeNull();
  });

  it('refuses other types and larger files', () => {
    expect(avatarProblem({ type: 'image/gif', size: 10 })).toBe('avatarNotPicture');
    expect(avatarProblem({ type: 'image/png', size: PROFILE_LIMITS.avatarBytes + 1 })).toBe('avatarTooLarge');
  });
});
