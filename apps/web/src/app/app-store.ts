import { create } from 'zustand';
import type { NoticeRef } from '../features/notices/notice-types';
import { modalAreas } from './modal-areas';

/**
 * The one-time starter-pack coupon offered on the home page (SPEC §2 Recharge) while it is the
 * person's to claim or to spend; the recharge feature fills it (features/recharge/starter-coupon).
 */
export interface CouponData {
  status: 'available' | 'claimed';
  /** Set once claimed. */
  couponId: string | null;
  percentOff: number;
}

interface AppState {
  createWorkConfirmed: boolean;
  showRechargeProtocol: boolean;
  home: { noticeCont: NoticeRef | null; couponData: CouponData | null };
  /** The id of the work the WORK_DETAIL modal shows; the address (`?work=<id>`) drives it (features/works/work-address). */
  workDetail: string | null;
  openNotice(notice: NoticeRef): void;
  openWork(workId: string): void;
  closeWork(): void;
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
  openWork: (workId) => {
    set({ workDetail: workId });
    modalAreas.workDetail.getState().show('WORK_DETAIL');
  },
  closeWork: () => {
    set({ workDetail: null });
    modalAreas.workDetail.getState().close();
  },
  setCreateWorkConfirmed: (confirmed) => set({ createWorkConfirmed: confirmed }),
  setShowRechargeProtocol: (show) => set({ showRechargeProtocol: show }),
  setCouponData: (coupon) => set((s) => ({ home: { ...s.home, couponData: coupon } })),
}));
