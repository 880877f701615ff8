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

/** What SCAN_IMAGE shows: the pictures' storage keys and the one it opens on. */
export interface ScanImagePayload {
  images: string[];
  start: number;
}

/** What a modal is opened with; a modal not named here opens with nothing. */
export interface ModalPayloads {
  SCAN_IMAGE: ScanImagePayload;
  /** The agent a live show is opened for. */
  LIVE_SETTING: { agentId: string };
}
export type ModalPayload = ModalPayloads[keyof ModalPayloads];
type PayloadArgs<N extends ModalName> = N extends keyof ModalPayloads ? [payload: ModalPayloads[N]] : [];

/** Which modal one area shows, and what with. */
export interface ModalAreaState {
  open: ModalName | null;
  payload: ModalPayload | null;
  show<N extends ModalName>(name: N, ...payload: PayloadArgs<N>): void;
  close(): void;
}

function createModalArea(): UseBoundStore<StoreApi<ModalAreaState>> {
  return create<ModalAreaState>((set) => ({
    open: null,
    payload: null,
    show: (name, ...payload) => set({ open: name, payload: payload[0] ?? null }),
    close: () => set({ open: null, payload: null }),
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

/**
 * Shows pictures full screen (SCAN_IMAGE) from anywhere. It takes the application area, not the
 * caller's, so it opens over whichever area's modal it came from (a work's detail) and leaves it
 * open beneath.
 */
export function openPictures(images: string[], start = 0) {
  modalAreas.application.getState().show('SCAN_IMAGE', { images, start });
}
