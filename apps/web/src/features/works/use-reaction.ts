import { calls, type CallOutput } from '@starlit/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCallMutation } from '../../api/calls';
import { updateShadow } from '../../api/shadow';
import { notifyInfo } from '../../ui/toast';
import { useAuthStore } from '../auth/auth-store';
import { redirectToSignIn } from '../auth/sign-in';
import { flipped, type ReactionShown } from './reaction-state';

export type ReactionKind = 'like' | 'collect';
/** The fields of a work a like or collect button reads: a Work has them, and so does the answer of a like. */
export type ReactionWork = CallOutput<typeof calls.works.like>;

/** How long the "please log in" toast shows before the sign-in page opens. */
const SIGN_IN_DELAY_MS = 1500;

const KINDS = {
  like: { add: calls.works.like, remove: calls.works.unlike, shown: (w: ReactionWork) => ({ on: w.liked, count: w.likeCount }) },
  collect: { add: calls.works.collect, remove: calls.works.uncollect, shown: (w: ReactionWork) => ({ on: w.collected, count: w.collectCount }) },
} as const;

const asFields = (kind: ReactionKind, s: ReactionShown) => (kind === 'like' ? { liked: s.on, likeCount: s.count } : { collected: s.on, collectCount: s.count });

/**
 * A like or collect toggle: the click shows at once (in this button and in every cached copy
 * of the work), the server's answer then replaces it, and a refusal (toasted by the mutation)
 * puts back what was shown before. Signed out, it asks to log in as other actions do.
 */
export function useReaction(kind: ReactionKind, work: ReactionWork) {
  const { t: tc } = useTranslation();
  const queryClient = useQueryClient();
  const signedIn = useAuthStore((s) => s.session !== null);
  const { add, remove, shown: shownOf } = KINDS[kind];
  const invalidates = kind === 'collect' ? [calls.works.collections] : [];
  const adding = useCallMutation(add, { invalidates });
  const removing = useCallMutation(remove, { invalidates });
  const fromWork = shownOf(work);
  // what this button shows while its source has not caught up (a list that is not a shadow holder)
  const [override, setOverride] = useState<ReactionShown | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new value from the source replaces the button's own
  useEffect(() => setOverride(null), [fromWork.on, fromWork.count]);
  const shown = override ?? fromWork;
  const busy = adding.isPending || removing.isPending;

  const show = (next: ReactionShown) => {
    setOverride(next);
    updateShadow(queryClient, 'work', work.id, asFields(kind, next));
  };

  function toggle() {
    if (!signedIn) {
      notifyInfo(tc('nav.loginFirst'));
      window.setTimeout(redirectToSignIn, SIGN_IN_DELAY_MS);
      return;
    }
    if (busy) return;
    const before = shown;
    const next = flipped(before);
    show(next);
    (next.on ? adding : removing).mutate(
      { id: work.id },
      {
        onSuccess: (answer) => {
          setOverride(shownOf(answer));
          updateShadow(queryClient, 'work', work.id, { liked: answer.liked, likeCount: answer.likeCount, collected: answer.collected, collectCount: answer.collectCount });
        },
        onError: () => show(before),
      },
    );
  }

  return { shown, busy, toggle };
}
