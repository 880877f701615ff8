import { z } from 'zod';
import { defineCall } from '../call.ts';

/** What a work may be reported for (SPEC §3 Report: type); the web shows each in the reader's language. */
export const ReportType = z.enum(['spam', 'pornographic', 'violence', 'hate', 'infringement', 'other'], { message: 'report.typeRequired' });

/** Limits of a report (docs/reports.md says why these numbers). */
export const REPORT_LIMITS = {
  /** SPEC §9: up to 3 pictures, jpg or png. */
  images: 3,
  /** Decoded bytes of one picture: a phone screenshot fits. */
  imageBytes: 5 * 1024 * 1024,
  description: 500,
  /** The same reporter may report the same work once in this window (SPEC §8 "short period"). */
  repeatWindowMs: 24 * 60 * 60 * 1000,
  /** Reports one person may submit per `rateWindowMs`. */
  ratePerWindow: 5,
  rateWindowMs: 10 * 60 * 1000,
} as const;

// control characters other than tab and line breaks are invisible and only make trouble in a moderator's view
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is dropped
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;
/** Text with control characters dropped (tab and line breaks stay). */
export const dropControl = (text: string) => text.replace(CONTROL, '');

/** The description of a report: required, at most 500 characters. */
export const ReportDescription = z
  .string({ message: 'report.descriptionRequired' })
  .max(REPORT_LIMITS.description, { message: 'report.descriptionTooLong' })
  .transform(dropControl)
  .pipe(z.string().trim().min(1, { message: 'report.descriptionRequired' }));

export const reportCalls = {
  submit: defineCall({
    path: '/ai/api/v1/report/submit',
    summary: 'Report a work you can see: a type, a description and up to 3 jpg/png pictures as base64 (checked by content). Answers the author, for the offer to block them',
    tag: 'reports',
    access: 'user',
    input: z.object({
      workId: z.string({ message: 'report.incomplete' }).uuid({ message: 'report.incomplete' }),
      type: ReportType,
      description: ReportDescription,
      images: z
        .array(z.string({ message: 'report.incomplete' }).min(1, { message: 'report.incomplete' }))
        .max(REPORT_LIMITS.images, { message: 'report.imagesMax' })
        .default([]),
    }),
    output: z.object({
      id: z.string(),
      /** The author of the reported work, whom the reporter is offered to block (SPEC §2). */
      author: z.object({ userId: z.string(), userName: z.string() }),
    }),
  }),
};
