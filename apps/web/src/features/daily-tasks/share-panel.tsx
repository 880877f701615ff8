import { type DailyTask, shareLink } from '@starlit/contract';
import { useTranslation } from 'react-i18next';
import { staticUrl } from '../../platform/static-url';
import { buttonClass } from '../../ui/button';
import { CopyIcon, LinkIcon } from '../../ui/icons';
import { copyText } from '../works/copy-text';
import { shareUrl } from '../works/work-address';

/**
 * Share: the task's share card and, once it is a work, a link per platform the person chose in
 * the form (the contract's `shareLink`, opened in a new tab where the person posts it
 * themselves: nothing is posted for them) and "Copy link" of the work's address.
 */
export function SharePanel({ task }: { task: DailyTask }) {
  const { t } = useTranslation('daily-tasks');
  const card = task.files.find((f) => f.role === 'card');
  const workId = task.publish.workId;
  const url = workId ? shareUrl(workId) : null;
  return (
    <section aria-labelledby={`share-${task.id}`} className="flex flex-col gap-3 rounded-xl border border-line p-4">
      <h3 id={`share-${task.id}`} className="font-semibold text-ink">
        {t('share.title')}
      </h3>
      {card && <img src={staticUrl(card.url)} alt={t('share.card', { title: task.title })} className="w-full max-w-sm rounded-lg border border-line" />}
      {url ? (
        <>
          <div className="flex flex-wrap gap-2">
            {task.form.forward.map((platform) => {
              const name = t(`platforms.${platform}`);
              return (
                <a key={platform} href={shareLink(platform, url, task.title)} target="_blank" rel="noopener noreferrer" className={buttonClass('secondary', 'sm')}>
                  <LinkIcon size={16} />
                  {t('share.on', { platform: name })}
                </a>
              );
            })}
            <button type="button" onClick={() => void copyText(url, t('share.copied'))} className={buttonClass('secondary', 'sm')}>
              <CopyIcon size={16} />
              {t('share.copy')}
            </button>
          </div>
          {task.form.forward.length > 0 && <p className="text-xs text-muted">{t('share.newTab')}</p>}
        </>
      ) : (
        <p className="text-sm text-muted">{t('share.later')}</p>
      )}
    </section>
  );
}
