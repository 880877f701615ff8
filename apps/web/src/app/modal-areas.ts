import { create, type StoreApi, type UseBoundStore } from 'zustand';

/** The modals of SPEC §2. */
export const MODAL_NAMES = [
  'HISTORY',
  'SETTING',
  'DISCOUNT',
  'INTERACTION',
  'SCAN_IMAGE',
  'LIVE_SETTING',
  'EXCHANGE_QUAN',
  'EXCHANGE_DIAMOND_CAC',
  'EXCHANGE_DIAMOND_CWA',
  'NOTICE_CONTENT',
  'RECHARGE',
  'WORK_DETAIL',
] as const;
export type ModalName = (typeof MODAL_NAMES)[number];

/** The areas that each keep their own open modal (SPEC §3 Application state). */
export const MODAL_AREAS = ['agentCenter', 'application', 'userCenter', 'agent', 'chatRoom', 'confirm', 'workDetail'] as const;
export type ModalArea = (typeof MODAL_AREAS)[number];

/** Which modal one area shows. */
export interface ModalAreaState {
  open: ModalName | null;
  show(name: ModalName): void;
  close(): void;
}

function createModalArea(): UseBoundStore<StoreApi<ModalAreaState>> {
  return create<ModalAreaState>((set) => ({
    open: null,
    show: (name) => set({ open: name }),
    close: () => set({ open: null }),
  }));
}

/**
 * One small store per area: opening the chat room's modal touches nothing of the agent center's,
 * and a component reading one area re-renders only when that area changes.
 */
export const modalAreas: Record<ModalArea, UseBoundStore<StoreApi<ModalAreaState>>> = {
  agentCenter: createModalArea(),
  application: createModalArea(),
  userCenter: createModalArea(),
  agent: createModalArea(),
  chatRoom: createModalArea(),
  confirm: createModalArea(),
  workDetail: createModalArea(),
};
