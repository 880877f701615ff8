import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PageId } from '../../app/routes';
import { buttonClass } from '../../ui/button';
import { BuildIcon } from '../../ui/icons';
import { useDocumentTitle } from '../../ui/use-document-title';

/** Pages whose features arrive in later issues: their title and an honest "coming soon". */
export type ComingSoonPageId = Exclude<PageId, 'home' | 'content' | '404'>;

export function ComingSoonPage({ pageId }: { pageId: ComingSoonPageId }) {
  const { t } = useTranslation();
  const title = t(`pages.${pageId}`);
  useDocumentTitle(title);
  return (
    <div className="mx-auto flex max-w-3xl flex-col items-center px-4 py-16 text-center sm:py-24">
      <div className="relative mb-8">
        <div aria-hidden="true" className="absolute inset-0 -z-10 scale-150 rounded-full bg-brand-300/30 blur-2xl" />
        <div className="grid size-20 place-items-center rounded-3xl bg-gradient-to-br from-brand-900 to-brand-600 text-white shadow-xl shadow-brand-900/25">
          <BuildIcon size={36} />
        </div>
      </div>
      <p className="mb-3 rounded-full bg-brand-100 px-3 py-1 text-xs font-semibold tracking-wide text-brand-700 uppercase dark:bg-white/10 dark:text-brand-300">{t('comingSoon.badge')}</p>
      <h1 className="text-3xl font-bold tracking-tight text-ink sm:text-4xl">{title}</h1>
      <p className="mt-4 max-w-md text-base leading-relaxed text-muted">{t('comingSoon.body')}</p>
      <Link to="/" className={buttonClass('primary', 'md', 'mt-8')}>
        {t('actions.backHome')}
      </Link>
    </div>
  );
}
