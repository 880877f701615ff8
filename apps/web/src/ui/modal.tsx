import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from './icons';

export interface ModalProps {
  open: boolean;
  onClose(): void;
  /** The accessible title, also shown as the heading. */
  title: ReactNode;
  /** Visually hides the heading when the content shows its own (it stays the accessible name). */
  hideTitle?: boolean;
  size?: 'md' | 'lg';
  children: ReactNode;
}

/** A dialog on Radix: focus trap, Escape and outside click close it, the title names it. */
export function Modal({ open, onClose, title, hideTitle = false, size = 'md', children }: ModalProps) {
  const { t } = useTranslation();
  const width = size === 'lg' ? 'max-w-4xl' : 'max-w-lg';
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="modal-overlay fixed inset-0 z-40 bg-brand-950/60 backdrop-blur-sm" />
        <Dialog.Content
          aria-describedby={undefined}
          className={`modal-content fixed top-1/2 left-1/2 z-50 flex max-h-[90dvh] w-[calc(100vw-2rem)] ${width} -translate-x-1/2 -translate-y-1/2 flex-col overflow-hidden rounded-2xl bg-surface text-ink shadow-2xl outline-none`}
        >
          <div className={`flex items-start gap-4 px-6 pt-5 ${hideTitle ? 'pb-0' : 'pb-3'}`}>
            <Dialog.Title className={hideTitle ? 'sr-only' : 'min-w-0 flex-1 text-lg font-semibold break-words'}>{title}</Dialog.Title>
            <Dialog.Close
              aria-label={t('actions.close')}
              className="ml-auto grid size-9 shrink-0 cursor-pointer place-items-center rounded-full text-muted transition-colors hover:bg-brand-50 hover:text-ink focus-visible:outline-2 focus-visible:outline-brand-500 dark:hover:bg-white/10"
            >
              <CloseIcon />
            </Dialog.Close>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto px-6 pb-6">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
