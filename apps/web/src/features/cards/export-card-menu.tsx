import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { calls } from '@starlit/contract';
import { useTranslation } from 'react-i18next';
import { useCallMutation } from '../../api/calls';
import { buttonClass } from '../../ui/button';
import { ChevronDownIcon } from '../../ui/icons';
import { base64ToBlob, downloadBlob, EXPORT_FORMATS } from './card-file';

const item =
  'flex cursor-pointer items-center gap-2 rounded-xl px-3 py-2.5 text-sm outline-none select-none data-[highlighted]:bg-brand-50 data-[disabled]:opacity-50 dark:data-[highlighted]:bg-white/10';

/** "Export card": the owner picks a format and the agent downloads as a character card. */
export function ExportCardMenu({ agentId }: { agentId: string }) {
  const { t } = useTranslation('cards');
  const exporting = useCallMutation(calls.cards.export, {
    onSuccess: (file) => downloadBlob(base64ToBlob(file.base64, file.contentType), file.fileName),
  });

  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className={buttonClass('secondary', 'sm')} disabled={exporting.isPending}>
        {t('export.button')}
        <ChevronDownIcon size={14} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="start" sideOffset={6} className="z-50 w-56 rounded-2xl border border-line bg-surface p-1.5 text-ink shadow-xl shadow-brand-950/15">
          {EXPORT_FORMATS.map((format) => (
            <DropdownMenu.Item key={format} className={item} onSelect={() => exporting.mutate({ agentId, format })}>
              {t(`export.formats.${format}`)}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
