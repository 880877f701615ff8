import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from './app-store';
import { MODAL_AREAS, modalAreas, openPictures } from './modal-areas';

const openModals = () => Object.fromEntries(MODAL_AREAS.map((area) => [area, modalAreas[area].getState().open]));

afterEach(() => {
  for (const area of MODAL_AREAS) modalAreas[area].getState().close();
});

describe('modal areas (SPEC §3 Application state)', () => {
  it('keeps one open modal per area, each in its own store', () => {
    const agentCenter = vi.fn();
    const unsubscribe = modalAreas.agentCenter.subscribe(agentCenter);
    modalAreas.chatRoom.getState().show('HISTORY');
    modalAreas.confirm.getState().show('RECHARGE');
    expect(openModals()).toMatchObject({ chatRoom: 'HISTORY', confirm: 'RECHARGE', agentCenter: null, application: null });
    // another area's change does not reach this area's subscribers
    expect(agentCenter).not.toHaveBeenCalled();
    modalAreas.chatRoom.getState().close();
    expect(openModals()).toMatchObject({ chatRoom: null, confirm: 'RECHARGE' });
    unsubscribe();
  });

  it('opening a notice keeps which one in the home state and shows NOTICE_CONTENT in the application area', () => {
    useAppStore.getState().openNotice({ kind: 'system', id: 'n1' });
    expect(useAppStore.getState().home.noticeCont).toEqual({ kind: 'system', id: 'n1' });
    expect(openModals()).toMatchObject({ application: 'NOTICE_CONTENT', workDetail: null });
  });

  it("opens SCAN_IMAGE with its pictures in the application area, over another area's modal", () => {
    useAppStore.getState().openWork('w1');
    openPictures(['a.png', 'b.png'], 1);
    expect(openModals()).toMatchObject({ application: 'SCAN_IMAGE', workDetail: 'WORK_DETAIL' });
    expect(modalAreas.application.getState().payload).toEqual({ images: ['a.png', 'b.png'], start: 1 });
    openPictures(['c.png']);
    expect(modalAreas.application.getState().payload).toEqual({ images: ['c.png'], start: 0 });
  });

  it('drops the pictures when the area closes or shows a modal that takes none', () => {
    openPictures(['a.png']);
    modalAreas.application.getState().close();
    expect(modalAreas.application.getState()).toMatchObject({ open: null, payload: null });
    openPictures(['a.png']);
    modalAreas.application.getState().show('RECHARGE');
    expect(modalAreas.application.getState()).toMatchObject({ open: 'RECHARGE', payload: null });
  });
});
