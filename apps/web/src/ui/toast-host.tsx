import { LIMITS } from '@starlit/contract/rules';
import { ToastContainer } from 'react-toastify';

/** The one toast container, configured as SPEC §9 says (width 320 px is set in styles.css). */
export function ToastHost() {
  return <ToastContainer autoClose={LIMITS.toastAutoCloseMs} position="top-center" theme="dark" newestOnTop closeOnClick={false} />;
}
