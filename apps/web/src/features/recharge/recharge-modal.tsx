import { useTranslation } from 'react-i18next';
import { Modal } from '../../ui/modal';
import { RechargePanel } from './recharge-panel';

/** RECHARGE (SPEC §2: "recharge is also a modal"): the recharge page's panel over whatever page asked for it (open it with `openRecharge`). */
export function RechargeModal({ onClose }: { onClose(): void }) {
  const { t } = useTranslation('common');
  return (
    <Modal open onClose={onClose} title={t('modals.RECHARGE')}>
      <RechargePanel inModal onPaid={onClose} />
    </Modal>
  );
}
