import { ErrorCode, type MessageKey } from '@starlit/contract';
import type { z } from 'zod';
import { AppError } from '../../platform/errors.ts';

type ReportInputCode = typeof ErrorCode.REPORT_TYPE_REQUIRED | typeof ErrorCode.REPORT_DESCRIPTION_REQUIRED | typeof ErrorCode.REPORT_DESCRIPTION_TOO_LONG | typeof ErrorCode.REPORT_TOO_MANY_IMAGES;

const codes: Partial<Record<string, ReportInputCode>> = {
  'report.typeRequired': ErrorCode.REPORT_TYPE_REQUIRED,
  'report.descriptionRequired': ErrorCode.REPORT_DESCRIPTION_REQUIRED,
  'report.descriptionTooLong': ErrorCode.REPORT_DESCRIPTION_TOO_LONG,
  'report.imagesMax': ErrorCode.REPORT_TOO_MANY_IMAGES,
} satisfies Partial<Record<MessageKey, ReportInputCode>>;

/**
 * A refused report answers its first problem alone, with SPEC §5's words as the message:
 * "please select report type" (4508), "please fill in report description" (4509), the
 * description's and the pictures' limits (4510, 4511), and anything else missing or malformed
 * (the work, a picture entry, the body itself) "Parameters must be complete" (4503). The
 * schema checks the work first, then type, description and pictures, as the dialog asks them.
 */
export function reportInputError(issues: z.core.$ZodIssue[]): AppError {
  const first = issues[0];
  return new AppError((first && codes[first.message]) ?? ErrorCode.REPORT_INCOMPLETE);
}
