import { modalAreas } from '../../app/modal-areas';

/**
 * Opens the RECHARGE modal from anywhere (the store's "Insufficient balance", a voice or skill
 * short of diamonds, the Assets tab). It takes the confirm area, which sits above the others,
 * so the page or dialog that asked stays open beneath and sees the new balance after.
 */
export function openRecharge(): void {
  modalAreas.confirm.getState().show('RECHARGE');
}

/** Opens the DISCOUNT modal: the starter-pack coupon, to claim or to spend. */
export function openDiscount(): void {
  modalAreas.application.getState().show('DISCOUNT');
}
