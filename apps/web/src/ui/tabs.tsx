import * as RadixTabs from '@radix-ui/react-tabs';
import type { ReactNode } from 'react';

export const TabsRoot = RadixTabs.Root;
export const TabPanel = RadixTabs.Content;

/** A row of tabs (role tablist), scrollable when it does not fit. */
export function TabList({ label, children, className = '' }: { label: string; children: ReactNode; className?: string }) {
  return (
    <RadixTabs.List aria-label={label} className={`no-scrollbar flex gap-1 overflow-x-auto ${className}`}>
      {children}
    </RadixTabs.List>
  );
}

const pill =
  'flex shrink-0 cursor-pointer items-center gap-2 rounded-xl px-3.5 py-2.5 text-left text-sm font-medium whitespace-nowrap text-muted transition-colors ' +
  'hover:bg-brand-50 hover:text-ink focus-visible:outline-2 focus-visible:outline-brand-500 data-[state=active]:bg-brand-700 data-[state=active]:text-white dark:hover:bg-white/10';

/** One tab (role tab); underlined when selected, or a filled pill for side navigation. */
export function Tab({ value, children, variant = 'underline' }: { value: string; children: ReactNode; variant?: 'underline' | 'pill' }) {
  if (variant === 'pill') {
    return (
      <RadixTabs.Trigger value={value} className={pill}>
        {children}
      </RadixTabs.Trigger>
    );
  }
  return (
    <RadixTabs.Trigger
      value={value}
      className="relative shrink-0 cursor-pointer rounded-lg px-3.5 py-2.5 text-sm font-medium whitespace-nowrap text-muted transition-colors hover:bg-brand-50 hover:text-ink focus-visible:outline-2 focus-visible:outline-brand-500 data-[state=active]:text-brand-700 data-[state=active]:after:absolute data-[state=active]:after:inset-x-3 data-[state=active]:after:-bottom-px data-[state=active]:after:h-0.5 data-[state=active]:after:rounded-full data-[state=active]:after:bg-brand-700 dark:hover:bg-white/10 dark:data-[state=active]:text-white dark:data-[state=active]:after:bg-brand-300"
    >
      {children}
    </RadixTabs.Trigger>
  );
}
