import { calls, type CallOutput } from '@starlit/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCall, useCallMutation } from '../../api/calls';
import { setCallData } from '../../api/keys';
import { Button, type ButtonSize } from '../../ui/button';
import { CheckIcon, PlusIcon } from '../../ui/icons';
import { useCurrentUser } from '../auth/auth-store';
import { askToSignIn } from './ask-to-sign-in';
import { followLabel } from './follow-state';

export interface FollowButtonProps {
  userId: string;
  /** Whether the viewer follows them when the page loaded (a list row's `followedByMe`, a relation's `following`). */
  following: boolean;
  size?: ButtonSize;
}

/**
 * Follow ↔ Following (SPEC §4); a following button offers "Unfollow" while pointed at or
 * focused. Hidden on the viewer's own name. Signed-out visitors are asked to log in.
 */
export function FollowButton({ userId, following: initial, size = 'sm' }: FollowButtonProps) {
  const { t } = useTranslation('social');
  const viewer = useCurrentUser();
  const queryClient = useQueryClient();
  const [following, setFollowing] = useState(initial);
  const [pointing, setPointing] = useState(false);
  const done = (relation: CallOutput<typeof calls.social.follow>) => {
    setFollowing(relation.following);
    setCallData(queryClient, calls.social.relation, { userId }, relation);
  };
  const options = { invalidates: [calls.social.followers, calls.social.followings], onSuccess: done };
  const follow = useCallMutation(calls.social.follow, options);
  const unfollow = useCallMutation(calls.social.unfollow, options);
  if (viewer?.userId === userId) return null;

  const pending = follow.isPending || unfollow.isPending;
  const label = followLabel(following, pointing);
  const toggle = () => {
    if (!viewer) return askToSignIn();
    (following ? unfollow : follow).mutate({ userId });
  };
  return (
    <Button
      variant={following ? 'secondary' : 'primary'}
      size={size}
      aria-pressed={following}
      disabled={pending}
      icon={following ? <CheckIcon size={16} /> : <PlusIcon size={16} />}
      onClick={toggle}
      onPointerEnter={() => setPointing(true)}
      onPointerLeave={() => setPointing(false)}
      onFocus={() => setPointing(true)}
      onBlur={() => setPointing(false)}
      className="min-w-28"
    >
      {t(`follow.${label}`)}
    </Button>
  );
}

/** A follow button that asks the social feature where the viewer stands (the work detail's author). */
export function FollowUserButton({ userId, size = 'sm' }: { userId: string; size?: ButtonSize }) {
  const relation = useCall(calls.social.relation, { userId });
  if (!relation.data) return null;
  return <FollowButton key={String(relation.data.following)} userId={userId} following={relation.data.following} size={size} />;
}
