import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from './app-store';
import { MODAL_AREAS, modalAreas } from './modal-areas';

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
});
