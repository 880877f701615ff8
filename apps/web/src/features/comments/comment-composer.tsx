import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/button';
import { TextArea } from '../../ui/field';
import { SendIcon } from '../../ui/icons';
import { notifySuccess } from '../../ui/toast';
import { redirectToSignIn } from '../auth/sign-in';
import { useCurrentUser } from '../auth/auth-store';
import { composerState } from './comment-rules';
import { usePostComment } from './comment-queries';

/**
 * Writes a comment on the work, or a reply when `replyTo` names the comment answered. The
 * counter counts as the server does; sending is off while the text is empty or too long.
 */
export function CommentComposer({
  workId,
  replyTo,
  onDone,
  placeholder,
  autoFocus = false,
}: {
  workId: string;
  replyTo?: { id: string; userName: string };
  onDone?: () => void;
  placeholder?: string;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation('comments');
  const user = useCurrentUser();
  const [text, setText] = useState('');
  const post = usePostComment(() => {
    setText('');
    notifySuccess(t('composer.posted'));
    onDone?.();
  });
  const state = composerState(text);

  if (!user) {
    return (
      <Button variant="secondary" size="sm" onClick={redirectToSignIn} className="self-start">
        {t('composer.signIn')}
      </Button>
    );
  }
  return (
    <form
      className="flex flex-col gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        if (state.canSend && !post.isPending) post.mutate({ workId, text, replyToId: replyTo?.id });
      }}
    >
      <TextArea
        label={replyTo ? t('composer.replyLabel', { name: replyTo.userName }) : t('composer.label')}
        value={text}
        onChange={setText}
        max={state.max}
        rows={replyTo ? 2 : 3}
        placeholder={placeholder}
        // a reply box opens because the reader asked to reply: the caret belongs in it
        autoFocus={autoFocus}
      />
      <div className="flex justify-end gap-2">
        {onDone && (
          <Button variant="secondary" size="sm" onClick={onDone}>
            {t('composer.cancel')}
          </Button>
        )}
        <Button type="submit" size="sm" icon={<SendIcon />} disabled={!state.canSend || post.isPending}>
          {replyTo ? t('composer.reply') : t('composer.send')}
        </Button>
      </div>
    </form>
  );
}
