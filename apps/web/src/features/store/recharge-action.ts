import { useNavigate } from 'react-router';

/**
 * Where "Insufficient balance" sends the person to get more diamonds: the recharge page for
 * now. The one place to change when the RECHARGE modal takes over (SPEC §2 Modals).
 */
export function useOpenRecharge(): () => void {
  const navigate = useNavigate();
  return () => navigate('/recharge');
}
