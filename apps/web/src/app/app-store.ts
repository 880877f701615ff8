import { create } from 'zustand';
import type { FeedWork } from '../features/home/feed-types';
import type { NoticeRef } from '../features/notices/notice-types';
import { modalAreas } from './modal-areas';

/** The one-time starter-pack coupon offered on the home page (SPEC §2 Recharge); the recharge feature fills it. */
export interface CouponData {
  couponId: string;
  title: string;
}

interface AppState {
  createWorkConfirmed: boolean;
  showRechargeProtocol: boolean;
  home: { noticeCont: NoticeRef | null; couponData: CouponData | null };
  /** The work the WORK_DETAIL modal shows. */
  workDetail: FeedWork | null;
  openNotice(notice: NoticeRef): void;
  openWork(work: FeedWork): void;
  setCreateWorkConfirmed(confirmed: boolean): void;
  setShowRechargeProtocol(show: boolean): void;
  setCouponData(coupon: CouponData | null): void;
}

/** Application state of SPEC §3 besides the modal areas (app/modal-areas): flags and the home page's state. */
export const useAppStore = create<AppState>((set) => ({
  createWorkConfirmed: false,
  showRechargeProtocol: false,
  home: { noticeCont: null, couponData: null },
  workDetail: null,
  openNotice: (notice) => {
    set((s) => ({ home: { ...s.home, noticeCont: notice } }));
    modalAreas.application.getState().show('NOTICE_CONTENT');
  },
  openWork: (work) => {
    set({ workDetail: work });
    modalAreas.workDetail.getState().show('WORK_DETAIL');
  },
  setCreateWorkConfirmed: (confirmed) => set({ createWorkConfirmed: confirmed }),
  setShowRechargeProtocol: (show) => set({ showRechargeProtocol: show }),
  setCouponData: (coupon) => set((s) => ({ home: { ...s.home, couponData: coupon } })),
}));
