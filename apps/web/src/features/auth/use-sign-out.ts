import { calls } from '@starlit/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { callApi } from '../../api/client';
import { notifySuccess } from '../../ui/toast';
import { useAuthStore } from './auth-store';

/** Signs out here (logout) or on every device (logout_all), then forgets the session locally either way. */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { t } = useTranslation();
  return async (everywhere: boolean) => {
    await callApi(everywhere ? calls.auth.logoutAll : calls.auth.logout, {});
    useAuthStore.getState().signedOut();
    queryClient.clear();
    notifySuccess(t(everywhere ? 'account.signedOutEverywhere' : 'account.signedOut'));
    await navigate('/');
  };
}
