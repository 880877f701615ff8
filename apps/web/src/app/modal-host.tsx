import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { ExchangeModal } from '../features/exchange/exchange-modal';
import { RechargeModal } from '../features/recharge/recharge-modal';
import { RedeemDialog } from '../features/redeem/redeem-dialog';
import { DiscountModal } from '../features/recharge/starter-coupon';
import { WorkDetailModal } from '../features/works/work-detail-modal';
import { LiveSettingModal } from '../features/live/live-setting-modal';
import { NoticeContentModal } from '../features/notices/notice-content-modal';
import { ScanImage } from '../features/works/scan-image';
import { BuildIcon } from '../ui/icons';
import { Modal } from '../ui/modal';
import { MODAL_AREAS, modalAreas, type ModalArea, type ModalName, type ModalPayload, type ScanImagePayload } from './modal-areas';

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

/** SCAN_IMAGE: the pictures belong to the page they were opened on, so Back or a link closes them with it. */
function ScanImageModal({ pictures, onClose }: { pictures: ScanImagePayload; onClose(): void }) {
  const { key } = useLocation();
  const openedOn = useRef(key);
  useEffect(() => {
    if (key !== openedOn.current) onClose();
  }, [key, onClose]);
  return <ScanImage images={pictures.images} start={pictures.start} onClose={onClose} />;
}

function AreaModal({ name, payload, onClose }: { name: ModalName; payload: ModalPayload | null; onClose(): void }) {
  switch (name) {
    case 'SCAN_IMAGE':
      return payload && 'images' in payload && <ScanImageModal pictures={payload} onClose={onClose} />;
    case 'WORK_DETAIL':
      // the address closes it (features/works/work-address), so Back and links agree
      return <WorkDetailModal />;
    case 'EXCHANGE_DIAMOND_CAC':
      return <ExchangeModal target="CAC" onClose={onClose} />;
    case 'EXCHANGE_DIAMOND_CWA':
      return <ExchangeModal target="CWA" onClose={onClose} />;
    case 'EXCHANGE_QUAN':
      // 兌換券: a code exchanged for the value an admin gave its batch
      return <RedeemDialog onClose={onClose} />;
    case 'RECHARGE':
      return <RechargeModal onClose={onClose} />;
    case 'DISCOUNT':
      return <DiscountModal onClose={onClose} />;
    case 'LIVE_SETTING':
      return payload && 'agentId' in payload && <LiveSettingModal agentId={payload.agentId} onClose={onClose} />;
    case 'NOTICE_CONTENT':
      return <NoticeContentModal onClose={onClose} />;
    default:
      return <ComingSoonModal name={name} onClose={onClose} />;
  }
}

/** The open modal of one area, if any; it re-renders only when this area changes. */
function AreaHost({ area }: { area: ModalArea }) {
  const name = modalAreas[area]((s) => s.open);
  const payload = modalAreas[area]((s) => s.payload);
  const close = modalAreas[area]((s) => s.close);
  return name ? <AreaModal name={name} payload={payload} onClose={close} /> : null;
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
