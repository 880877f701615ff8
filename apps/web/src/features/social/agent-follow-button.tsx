import { calls, type CallOutput } from '@starlit/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCall, useCallMutation } from '../../api/calls';
import { setCallData } from '../../api/keys';
import { Button } from '../../ui/button';
import { CheckIcon, PlusIcon } from '../../ui/icons';
import { useCurrentUser } from '../auth/auth-store';
import { askToSignIn } from './ask-to-sign-in';
import { compactCount, followLabel } from './follow-state';

/**
 * Follow an agent from its page, with its follower count. Not shown to the agent's owner (the
 * server refuses following your own agent). Signed-out visitors see the count and are asked
 * to log in when they click.
 */
export function AgentFollowButton({ agentId, ownerId }: { agentId: string; ownerId: string }) {
  const { t, i18n } = useTranslation('social');
  const viewer = useCurrentUser();
  const queryClient = useQueryClient();
  const relation = useCall(calls.social.agentRelation, { agentId });
  const [pointing, setPointing] = useState(false);
  const done = (answer: CallOutput<typeof calls.social.agentRelation>) => setCallData(queryClient, calls.social.agentRelation, { agentId }, answer);
  const follow = useCallMutation(calls.social.followAgent, { onSuccess: done });
  const unfollow = useCallMutation(calls.social.unfollowAgent, { onSuccess: done });
  if (viewer?.userId === ownerId || !relation.data) return null;

  const { following, followerCount } = relation.data;
  const toggle = () => {
    if (!viewer) return askToSignIn();
    (following ? unfollow : follow).mutate({ agentId });
  };
  return (
    <div className="flex items-center gap-3">
      <Button
        variant={following ? 'secondary' : 'primary'}
        aria-pressed={following}
        disabled={follow.isPending || unfollow.isPending}
        icon={following ? <CheckIcon size={16} /> : <PlusIcon size={16} />}
        onClick={toggle}
        onPointerEnter={() => setPointing(true)}
        onPointerLeave={() => setPointing(false)}
        onFocus={() => setPointing(true)}
        onBlur={() => setPointing(false)}
        className="min-w-32"
      >
        {t(`follow.${followLabel(following, pointing)}`)}
      </Button>
      <span className="text-sm text-muted">{t('agent.followers', { count: followerCount, shown: compactCount(followerCount, i18n.language) })}</span>
    </div>
  );
}
