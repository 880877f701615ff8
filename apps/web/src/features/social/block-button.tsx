import { calls, type CallOutput } from '@starlit/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCallMutation } from '../../api/calls';
import { setCallData, type CallFamily } from '../../api/keys';
import { Button, type ButtonSize } from '../../ui/button';
import { Modal } from '../../ui/modal';
import { notifySuccess } from '../../ui/toast';
import { useCurrentUser } from '../auth/auth-store';

/**
 * A block hides people both ways in every list, so every cached answer may now be wrong;
 * the session's own answers (auth) are not about other people.
 */
const EVERY_FAMILY = (Object.keys(calls) as CallFamily[]).filter((family) => family !== 'auth');

export interface BlockButtonProps {
  userId: string;
  userName: string;
  /** Whether the viewer has blocked them already (a relation's `blocked`). */
  blocked: boolean;
  size?: ButtonSize;
  /** After a block or unblock went through (a report dialog closes itself). */
  onDone?(blocked: boolean): void;
}

/**
 * Block with a confirmation that names the person and says what blocking does; a blocked
 * person is unblocked at once. Not shown to signed-out visitors or on the viewer's own name.
 */
export function BlockButton({ userId, userName, blocked, size = 'sm', onDone }: BlockButtonProps) {
  const { t } = useTranslation('social');
  const viewer = useCurrentUser();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const done = async (relation: CallOutput<typeof calls.social.block>) => {
    setConfirming(false);
    setCallData(queryClient, calls.social.relation, { userId }, relation);
    notifySuccess(t(relation.blocked ? 'block.done' : 'block.undone', { name: userName }));
    onDone?.(relation.blocked);
  };
  const block = useCallMutation(calls.social.block, { onSuccess: done, invalidates: EVERY_FAMILY });
  const unblock = useCallMutation(calls.social.unblock, { onSuccess: done, invalidates: EVERY_FAMILY });
  if (!viewer || viewer.userId === userId) return null;

  if (blocked) {
    return (
      <Button variant="secondary" size={size} disabled={unblock.isPending} onClick={() => unblock.mutate({ userId })}>
        {t('block.unblock')}
      </Button>
    );
  }
  return (
    <>
      <Button variant="secondary" size={size} onClick={() => setConfirming(true)}>
        {t('block.block')}
      </Button>
      <BlockConfirm open={confirming} userName={userName} pending={block.isPending} onClose={() => setConfirming(false)} onConfirm={() => block.mutate({ userId })} />
    </>
  );
}

/** "Block Ana?" with what it does, so nobody blocks by accident. */
export function BlockConfirm(props: { open: boolean; userName: string; pending: boolean; onClose(): void; onConfirm(): void }) {
  const { t } = useTranslation('social');
  return (
    <Modal open={props.open} onClose={props.onClose} title={t('block.confirmTitle', { name: props.userName })}>
      <p className="text-sm leading-relaxed text-muted">{t('block.confirmIntro', { name: props.userName })}</p>
      <ul className="mt-3 list-disc space-y-1.5 pl-5 text-sm leading-relaxed text-ink">
        <li>{t('block.effectHide')}</li>
        <li>{t('block.effectInteract')}</li>
        <li>{t('block.effectFollows')}</li>
        <li>{t('block.effectSilent')}</li>
      </ul>
      <div className="mt-6 flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={props.onClose}>
          {t('block.cancel')}
        </Button>
        <Button className="bg-red-600 hover:bg-red-700" disabled={props.pending} onClick={props.onConfirm}>
          {t('block.confirm')}
        </Button>
      </div>
    </Modal>
  );
}
