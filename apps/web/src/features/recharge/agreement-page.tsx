import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../ui/use-document-title';

/** SPEC §2's four chapters, in order. */
const CHAPTERS = ['rules', 'rights', 'penalties', 'provisions'] as const;

/** The agreement's four chapters of SPEC §2 in the reader's language: the page's body, and what the RECHARGE modal shows in place. */
export function AgreementChapters() {
  const { t } = useTranslation('recharge');
  return CHAPTERS.map((chapter) => (
    <section key={chapter} className="flex flex-col gap-2">
      <h2 className="text-lg font-semibold">{t(`agreement.chapters.${chapter}.title`)}</h2>
      <p className="leading-relaxed text-muted">{t(`agreement.chapters.${chapter}.body`)}</p>
    </section>
  ));
}

/** `/recharge/agreement`: the recharge agreement's four chapters of SPEC §2, in the reader's language. */
export function RechargeAgreementPage() {
  const { t } = useTranslation('recharge');
  useDocumentTitle(t('agreement.title'));

  return (
    <article className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8 sm:px-6 md:py-12">
      <h1 className="text-2xl font-bold tracking-tight">{t('agreement.title')}</h1>
      <AgreementChapters />
      <Link to="/recharge" className="self-start text-sm font-medium text-brand-700 underline dark:text-brand-300">
        {t('agreement.back')}
      </Link>
    </article>
  );
}
