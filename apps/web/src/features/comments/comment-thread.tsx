import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../ui/spinner';
import { CommentView } from './comment-item';
import { useReplies } from './comment-queries';
import { hiddenReplies, uniqueItems, type ThreadItem } from './comment-rules';

const link =
  'inline-flex cursor-pointer items-center gap-2 rounded-full px-2 py-1 text-xs font-medium text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-500 disabled:opacity-50 dark:text-brand-300 dark:hover:bg-white/10';

/**
 * A top comment and its thread below it, indented: the first replies come with the list;
 * "show N more replies" reads the whole thread a page at a time, as Bilibili and YouTube do.
 */
export function CommentThreadView({ thread, workId }: { thread: ThreadItem; workId: string }) {
  const { t } = useTranslation('comments');
  const [expanded, setExpanded] = useState(false);
  const all = useReplies(thread.id, expanded);
  const hidden = hiddenReplies(thread);
  const replies = expanded && all.data ? uniqueItems(all.data.pages) : thread.replies;

  return (
    <li className="flex flex-col gap-3 border-b border-line py-4 last:border-b-0">
      <CommentView comment={thread} workId={workId} />
      {(replies.length > 0 || hidden > 0) && (
        <div className="ml-11 flex flex-col gap-3 border-l-2 border-line pl-3 sm:ml-13">
          {replies.length > 0 && (
            <ul className="flex flex-col gap-3">
              {replies.map((reply) => (
                <li key={reply.id}>
                  <CommentView comment={reply} workId={workId} />
                </li>
              ))}
            </ul>
          )}
          <div className="flex flex-wrap gap-2">
            {!expanded && hidden > 0 && (
              <button type="button" className={link} onClick={() => setExpanded(true)}>
                {t('thread.showMore', { count: hidden })}
              </button>
            )}
            {expanded && all.isFetching && <Spinner className="size-4 text-brand-700" />}
            {expanded && all.hasNextPage && (
              <button type="button" className={link} disabled={all.isFetchingNextPage} onClick={() => void all.fetchNextPage()}>
                {t('thread.moreReplies')}
              </button>
            )}
            {expanded && (
              <button type="button" className={link} onClick={() => setExpanded(false)}>
                {t('thread.collapse')}
              </button>
            )}
          </div>
        </div>
      )}
    </li>
  );
}
