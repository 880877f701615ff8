import { REPORT_LIMITS } from '@starlit/contract';

/** What the picker accepts; the server checks the content again, whatever the name says. */
export const REPORT_PICTURE_ACCEPT = 'image/jpeg,image/png';

export type PictureProblem = 'kind' | 'size' | 'count';

/**
 * Why a picked file cannot be added to a report, or null: SPEC §9 allows 3 pictures, jpg or
 * png; each at most 5 MB. Checked here so the reporter hears it before sending.
 */
export function pictureProblem(file: { type: string; size: number }, alreadyPicked: number): PictureProblem | null {
  if (alreadyPicked >= REPORT_LIMITS.images) return 'count';
  if (!REPORT_PICTURE_ACCEPT.split(',').includes(file.type)) return 'kind';
  if (file.size > REPORT_LIMITS.imageBytes) return 'size';
  return null;
}
