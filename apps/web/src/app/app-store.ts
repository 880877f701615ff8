import { create } from 'zustand';
import type { FeedWork } from '../features/home/feed-types';
import type { NoticeRef } from '../features/notices/notice-types';

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

/** The one-time starter-pack coupon offered on the home page (SPEC §2 Recharge); the recharge feature fills it. */
export interface CouponData {
  couponId: string;
  title: string;
}

interface AppState {
  modals: Record<ModalArea, ModalName | null>;
  createWorkConfirmed: boolean;
  showRechargeProtocol: boolean;
  home: { noticeCont: NoticeRef | null; couponData: CouponData | null };
  /** The work the WORK_DETAIL modal shows. */
  workDetail: FeedWork | null;
  openModal(area: ModalArea, name: ModalName): void;
  closeModal(area: ModalArea): void;
  openNotice(notice: NoticeRef): void;
  openWork(work: FeedWork): void;
  setCreateWorkConfirmed(confirmed: boolean): void;
  setShowRechargeProtocol(show: boolean): void;
  setCouponData(coupon: CouponData | null): void;
}

const noModals: Record<ModalArea, ModalName | null> = {
  agentCenter: null,
  application: null,
  userCenter: null,
  agent: null,
  chatRoom: null,
  confirm: null,
  workDetail: null,
};

/** Application state of SPEC §3: which modal each area shows, plus the home page's state. */
export const useAppStore = create<AppState>((set) => ({
  modals: noModals,
  createWorkConfirmed: false,
  showRechargeProtocol: false,
  home: { noticeCont: null, couponData: null },
  workDetail: null,
  openModal: (area, name) => set((s) => ({ modals: { ...s.modals, [area]: name } })),
  closeModal: (area) => set((s) => ({ modals: { ...s.modals, [area]: null } })),
  openNotice: (notice) => set((s) => ({ home: { ...s.home, noticeCont: notice }, modals: { ...s.modals, application: 'NOTICE_CONTENT' } })),
  openWork: (work) => set((s) => ({ workDetail: work, modals: { ...s.modals, workDetail: 'WORK_DETAIL' } })),
  setCreateWorkConfirmed: (confirmed) => set({ createWorkConfirmed: confirmed }),
  setShowRechargeProtocol: (show) => set({ showRechargeProtocol: show }),
  setCouponData: (coupon) => set((s) => ({ home: { ...s.home, couponData: coupon } })),
}));
