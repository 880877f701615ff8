import { calls } from '@starlit/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCallOrNull } from '../../api/calls';
import { Avatar } from '../../ui/avatar';
import { Button } from '../../ui/button';
import { DateTime } from '../../ui/date-time';
import { CopyIcon, LinkIcon } from '../../ui/icons';
import { copyText } from './copy-text';
import { AuthorActions } from './work-actions';
import { shareUrl } from './work-address';
import { HowItWasMade } from './work-made';
import { WorkMedia } from './work-media';
import type { Work } from './work-types';

/**
 * What other features mount in the detail (issue 9): the follow button beside the author,
 * like and collect under the texts, report beside the share button, comments under everything.
 * The detail lays them out; each feature owns its own component and calls.
 */
export interface WorkDetailSlots {
  follow?: (work: Work) => ReactNode;
  engagement?: (work: Work) => ReactNode;
  report?: (work: Work) => ReactNode;
  comments?: (work: Work) => ReactNode;
}

/** The agent a work was made with, by name, linking to its agent center. */
function AgentLink({ agentId }: { agentId: string }) {
  const { t } = useTranslation('works');
  // a hidden or deleted agent answers a refusal: the work then names no agent
  const agent = useCallOrNull(calls.agents.get, { id: agentId });
  if (!agent.data) return null;
  return (
    <p className="text-sm">
      <span className="text-muted">{t('detail.agent')} </span>
      <Link to={`/agentcenter/${agentId}`} className="font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-300">
        {agent.data.nickname}
      </Link>
    </p>
  );
}

const label = 'mb-1 text-xs font-semibold tracking-wide text-muted uppercase';

/** WORK_DETAIL's content (SPEC §2 Creation detail): media, texts, who made it and when. */
export function WorkDetail({ work, slots = {}, onDeleted }: { work: Work; slots?: WorkDetailSlots; onDeleted(): void }) {
  const { t } = useTranslation('works');
  return (
    <div className="flex flex-col gap-6">
      <div className="grid gap-6 md:grid-cols-[minmax(0,1.3fr)_minmax(0,1fr)]">
        <WorkMedia work={work} />
        <div className="flex min-w-0 flex-col gap-4">
          <div className="flex items-center gap-3">
            <Link to={`/usercenter/${work.author.userId}`} className="flex min-w-0 flex-1 items-center gap-3 rounded-lg hover:opacity-85 focus-visible:outline-2 focus-visible:outline-brand-500">
              <Avatar name={work.author.userName} src={work.author.avatar} size="md" />
              <span className="min-w-0">
                <span className="block truncate font-medium text-ink">{work.publisher || work.author.userName}</span>
                <span className="block text-xs text-muted">
                  {work.publishedAt ? (
                    <>
                      {t('detail.publishedAt')} <DateTime value={work.publishedAt} />
                    </>
                  ) : (
                    t('detail.notPublished')
                  )}
                </span>
              </span>
            </Link>
            {slots.follow?.(work)}
          </div>
          {!work.isPublic && <p className="rounded-lg bg-amber-50 px-3 py-2 text-xs font-medium text-amber-800 dark:bg-amber-400/15 dark:text-amber-200">{t('detail.private')}</p>}
          {work.agentId && <AgentLink agentId={work.agentId} />}
          {(work.category || work.tags.length > 0) && (
            <ul aria-label={t('detail.tags')} className="flex flex-wrap gap-1.5">
              {work.category && <li className="rounded-full bg-brand-600 px-2.5 py-0.5 text-xs font-semibold text-white">{t(`categories.${work.category}`)}</li>}
              {work.tags.map((tag) => (
                <li key={tag} className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs text-brand-700 dark:bg-white/10 dark:text-brand-300">
                  #{tag}
                </li>
              ))}
            </ul>
          )}
          {work.kind !== 'post' && work.description && (
            <section>
              <h3 className={label}>{t('detail.description')}</h3>
              <p className="text-sm leading-relaxed break-words whitespace-pre-line">{work.description}</p>
            </section>
          )}
          {work.creation && <HowItWasMade made={work.creation} workId={work.id} />}
          {/* a studio work shows its prompt in "How it was made"; one the author rewrote since is shown too */}
          {work.prompt && work.prompt !== work.creation?.params.description && (
            <section>
              <div className="flex items-center justify-between gap-2">
                <h3 className={label}>{t('detail.prompt')}</h3>
                <Button size="sm" variant="secondary" icon={<CopyIcon size={14} />} onClick={() => void copyText(work.prompt, t('detail.copied'))}>
                  {t('detail.copyPrompt')}
                </Button>
              </div>
              <p className="mt-1 rounded-lg bg-brand-50 p-3 font-mono text-xs leading-relaxed break-words whitespace-pre-line dark:bg-white/5">{work.prompt}</p>
            </section>
          )}
          {slots.engagement?.(work)}
          <div className="flex flex-wrap items-center gap-2">
            <Button size="sm" variant="secondary" icon={<LinkIcon size={16} />} onClick={() => void copyText(shareUrl(work.id), t('detail.linkCopied'))}>
              {t('detail.share')}
            </Button>
            {slots.report?.(work)}
          </div>
          {work.isOwner && <AuthorActions work={work} onDeleted={onDeleted} />}
        </div>
      </div>
      {slots.comments?.(work)}
    </div>
  );
}
