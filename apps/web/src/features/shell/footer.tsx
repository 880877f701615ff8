import { useTranslation } from 'react-i18next';
import { StarMark } from '../../ui/icons';

export function Footer() {
  const { t } = useTranslation();
  return (
    <footer className="border-t border-line bg-surface">
      <div className="mx-auto flex max-w-[1440px] flex-col items-center justify-between gap-3 px-4 py-6 text-sm text-muted sm:flex-row sm:px-6 lg:px-8">
        <p className="flex items-center gap-2 font-semibold text-ink">
          <span className="grid size-7 place-items-center rounded-lg bg-brand-900">
            <StarMark size={18} />
          </span>
          Starlit
        </p>
        <p className="text-center sm:text-right">{t('footer.tagline')}</p>
      </div>
    </footer>
  );
}
