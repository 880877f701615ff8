import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../ui/button';
import { useDocumentTitle } from '../../ui/use-document-title';

export function NotFoundPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('pages.404'));
  return (
    <div className="mx-auto flex max-w-2xl flex-col items-center px-4 py-20 text-center sm:py-28">
      <p aria-hidden="true" className="bg-gradient-to-br from-brand-900 to-brand-500 bg-clip-text text-8xl font-black tracking-tighter text-transparent sm:text-9xl dark:from-white dark:to-brand-300">
        404
      </p>
      <h1 className="mt-4 text-2xl font-bold text-ink sm:text-3xl">{t('notFound.title')}</h1>
      <p className="mt-3 max-w-md text-base leading-relaxed text-muted">{t('notFound.body')}</p>
      <Link to="/" className={buttonClass('primary', 'md', 'mt-8')}>
        {t('actions.backHome')}
      </Link>
    </div>
  );
}
