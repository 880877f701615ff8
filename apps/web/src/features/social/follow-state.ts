/** What a follow button says: "Follow", "Following", or "Unfollow" while a following one is hovered or focused. */
export type FollowLabel = 'follow' | 'following' | 'unfollow';

export function followLabel(following: boolean, pointing: boolean): FollowLabel {
  if (!following) return 'follow';
  return pointing ? 'unfollow' : 'following';
}

/** A follower count as people read it: 1234 → "1.2K" / "1234" is too long for a header. */
export function compactCount(n: number, language: string): string {
  return new Intl.NumberFormat(language.replace('_', '-'), { notation: 'compact', maximumFractionDigits: 1 }).format(n);
}
