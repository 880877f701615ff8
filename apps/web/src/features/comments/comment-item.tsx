import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../ui/avatar';
import { Button } from '../../ui/button';
import { DateTime } from '../../ui/date-time';
import { ChatIcon, HeartIcon, TrashIcon } from '../../ui/icons';
import { Modal } from '../../ui/modal';
import { notifySuccess } from '../../ui/toast';
import { useCurrentUser } from '../auth/auth-store';
import { CommentComposer } from './comment-composer';
import { useDeleteComment, useLikeComment } from './comment-queries';
import { mentionOf, type CommentItem } from './comment-rules';

const action =
  'inline-flex cursor-pointer items-center gap-1 rounded-full px-2 py-1 text-xs text-muted transition-colors hover:bg-brand-50 hover:text-ink focus-visible:outline-2 focus-visible:outline-brand-500 disabled:cursor-not-allowed disabled:opacity-50 dark:hover:bg-white/10';

/** Asks before deleting one comment. */
function ConfirmCommentDelete({ id, open, onClose }: { id: string; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('comments');
  const remove = useDeleteComment(() => {
    onClose();
    notifySuccess(t('delete.done'));
  });
  return (
    <Modal open={open} onClose={onClose} title={t('delete.title')}>
      <p className="text-sm leading-relaxed text-muted">{t('delete.body')}</p>
      <div className="mt-6 flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          {t('delete.cancel')}
        </Button>
        <Button className="bg-red-600 hover:bg-red-700" disabled={remove.isPending} onClick={() => remove.mutate({ id })}>
          {t('delete.confirm')}
        </Button>
      </div>
    </Modal>
  );
}

/**
 * One comment or reply: who wrote it (with the author badge), whom it answers, the text as
 * typed (never as HTML), when, and likes, reply and delete. A deleted top comment shows only
 * its placeholder.
 */
export function CommentView({ comment, workId }: { comment: CommentItem; workId: string }) {
  const { t } = useTranslation('comments');
  const signedIn = useCurrentUser() !== null;
  const likes = useLikeComment();
  const [replying, setReplying] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const small = comment.rootId !== null;

  if (comment.deleted || !comment.author) {
    return <p className="rounded-xl bg-brand-50/60 px-3 py-2 text-sm text-muted italic dark:bg-white/5">{t('item.deleted')}</p>;
  }
  const mention = mentionOf(comment);
  return (
    <article className="flex gap-3" aria-label={comment.author.userName}>
      <Avatar name={comment.author.userName} src={comment.author.avatar} size={small ? 'sm' : 'md'} />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-0.5">
          <span className="text-sm font-semibold text-ink">{comment.author.userName}</span>
          {comment.isWorkAuthor && <span className="rounded-full bg-brand-700 px-2 py-0.5 text-[10px] font-semibold text-white">{t('item.authorBadge')}</span>}
          <DateTime value={comment.createdAt} className="text-xs text-muted tabular-nums" />
        </div>
        <p className="mt-1 text-sm leading-relaxed break-words whitespace-pre-wrap text-ink">
          {mention && <span className="mr-1 font-medium text-brand-700 dark:text-brand-300">{t('item.replyTo', { name: mention })}</span>}
          {comment.text}
        </p>
        <div className="mt-1 flex flex-wrap items-center gap-1">
          <button
            type="button"
            className={`${action} ${comment.liked ? 'text-brand-700 dark:text-brand-300' : ''}`}
            aria-pressed={comment.liked}
            aria-label={comment.liked ? t('item.unlike') : t('item.like')}
            disabled={!signedIn || likes.pending}
            onClick={() => likes.toggle(comment)}
          >
            <HeartIcon size={16} fill={comment.liked ? 'currentColor' : 'none'} />
            <span className="tabular-nums">{comment.likeCount}</span>
          </button>
          {signedIn && (
            <button type="button" className={action} aria-expanded={replying} onClick={() => setReplying(!replying)}>
              <ChatIcon />
              {t('item.reply')}
            </button>
          )}
          {comment.canDelete && (
            <button type="button" className={action} onClick={() => setConfirming(true)}>
              <TrashIcon />
              {t('item.delete')}
            </button>
          )}
        </div>
        {replying && (
          <div className="mt-2">
            <CommentComposer workId={workId} replyTo={{ id: comment.id, userName: comment.author.userName }} onDone={() => setReplying(false)} autoFocus />
          </div>
        )}
      </div>
      {comment.canDelete && <ConfirmCommentDelete id={comment.id} open={confirming} onClose={() => setConfirming(false)} />}
    </article>
  );
}
