import type { StoreCurrency } from '@starlit/contract';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { DiamondIcon, SparklesIcon } from '../../ui/icons';

export type Currency = z.infer<typeof StoreCurrency>;

/** An amount in diamonds or points, with its icon and its unit in words. */
export function Price({ amount, currency, className = '' }: { amount: number; currency: Currency; className?: string }) {
  const { t } = useTranslation('store');
  const Icon = currency === 'JE' ? DiamondIcon : SparklesIcon;
  return (
    <span className={`inline-flex items-center gap-1 font-semibold whitespace-nowrap ${className}`}>
      <Icon size={15} className={currency === 'JE' ? 'text-brand-600 dark:text-brand-300' : 'text-amber-500'} />
      {t(`price.${currency}`, { count: amount })}
    </span>
  );
}
