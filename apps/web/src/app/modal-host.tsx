import { useTranslation } from 'react-i18next';
import { WorkDetailModal } from '../features/works/work-detail-modal';
import { NoticeContentModal } from '../features/notices/notice-content-modal';
import { BuildIcon } from '../ui/icons';
import { Modal } from '../ui/modal';
import { MODAL_AREAS, modalAreas, type ModalArea, type ModalName } from './modal-areas';

/** A modal whose content arrives with a later feature: its title and an honest "coming soon". */
function ComingSoonModal({ name, onClose }: { name: ModalName; onClose(): void }) {
  const { t } = useTranslation();
  return (
    <Modal open onClose={onClose} title={t(`modals.${name}`)}>
      <div className="flex flex-col items-center py-6 text-center">
        <div className="mb-4 grid size-14 place-items-center rounded-2xl bg-brand-100 text-brand-700 dark:bg-white/10 dark:text-brand-300">
          <BuildIcon size={26} />
        </div>
        <p className="font-semibold">{t('comingSoon.badge')}</p>
        <p className="mt-2 max-w-sm text-sm leading-relaxed text-muted">{t('comingSoon.body')}</p>
      </div>
    </Modal>
  );
}

function AreaModal({ name, onClose }: { name: ModalName; onClose(): void }) {
  switch (name) {
    case 'WORK_DETAIL':
      // the address closes it (features/works/work-address), so Back and links agree
      return <WorkDetailModal />;
    case 'NOTICE_CONTENT':
      return <NoticeContentModal onClose={onClose} />;
    default:
      return <ComingSoonModal name={name} onClose={onClose} />;
  }
}

/** The open modal of one area, if any; it re-renders only when this area changes. */
function AreaHost({ area }: { area: ModalArea }) {
  const name = modalAreas[area]((s) => s.open);
  const close = modalAreas[area]((s) => s.close);
  return name ? <AreaModal name={name} onClose={close} /> : null;
}

/** Renders the open modal of every area of the application state (SPEC §3). */
export function ModalHost() {
  return (
    <>
      {MODAL_AREAS.map((area) => (
        <AreaHost key={area} area={area} />
      ))}
    </>
  );
}
