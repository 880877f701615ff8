import { notifyError, notifySuccess } from '../../ui/toast';

/** Copies a text and says so with a toast (the clipboard can be refused, e.g. on plain http). */
export async function copyText(text: string, done: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    notifySuccess(done);
  } catch (error) {
    notifyError(error instanceof Error ? error.message : String(error));
  }
}
