import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { Modal } from './modal';
import { allSelected, toggleAll, type Selection } from './selection';

/** Namespaces that word a manage mode with the same `manage.*` keys (SPEC §2: select-all and delete). */
type ManageNamespace = 'agents' | 'chat';

/** The manage-mode bar: select all, how many are selected, delete. */
export function ManageToolbar(props: { ns: ManageNamespace; ids: readonly string[]; selection: Selection; onSelect: (next: Selection) => void; onDelete: () => void; className?: string }) {
  const { t } = useTranslation(props.ns);
  return (
    <div role="toolbar" aria-label={t('manage.toolbar')} className={`flex flex-wrap items-center gap-2 rounded-2xl border border-line p-2 shadow-sm ${props.className ?? 'bg-surface'}`}>
      <Button variant="secondary" size="sm" aria-pressed={allSelected(props.selection, props.ids)} onClick={() => props.onSelect(toggleAll(props.selection, props.ids))}>
        {t('manage.selectAll')}
      </Button>
      <span aria-live="polite" className="px-1 text-sm text-muted">
        {t('manage.selected', { count: props.selection.size })}
      </span>
      <Button size="sm" className="ml-auto bg-red-600 hover:bg-red-700 active:bg-red-800" disabled={props.selection.size === 0} onClick={props.onDelete}>
        {t('manage.deleteSelected')}
      </Button>
    </div>
  );
}

/** Asks before deleting what manage mode selected. */
export function ConfirmDelete(props: { ns: ManageNamespace; open: boolean; count: number; pending: boolean; onClose: () => void; onConfirm: () => void }) {
  const { t } = useTranslation(props.ns);
  return (
    <Modal open={props.open} onClose={props.onClose} title={t('manage.confirmTitle', { count: props.count })}>
      <p className="text-sm leading-relaxed text-muted">{t('manage.confirmBody')}</p>
      <div className="mt-6 flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={props.onClose}>
          {t('manage.cancel')}
        </Button>
        <Button className="bg-red-600 hover:bg-red-700" disabled={props.pending} onClick={props.onConfirm}>
          {t('manage.confirmDelete')}
        </Button>
      </div>
    </Modal>
  );
}
