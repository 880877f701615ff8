import { toast } from 'react-toastify';

// The text doubles as the toast id, so the same message raised by a burst of calls shows once.
function options(text: string) {
  return { toastId: text };
}

/** Shows an error toast. */
export function notifyError(text: string): void {
  if (text) toast.error(text, options(text));
}

/** Shows an information toast. */
export function notifyInfo(text: string): void {
  if (text) toast.info(text, options(text));
}

/** Shows a success toast. */
export function notifySuccess(text: string): void {
  if (text) toast.success(text, options(text));
}
