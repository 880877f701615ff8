/** Business constants of SPEC §9. */
export const LIMITS = {
  tagsPerAgent: 5,
  voicesPerAgent: 4,
  clonedVoicesPerAgent: 1,
  voiceClipMinSeconds: 3,
  voiceClipMaxSeconds: 8,
  voiceClipMinSampleRateExclusive: 16000,
  reportImages: 3,
  roleSetting: 1000,
  openingLine: 500,
  workName: 20,
  scheduledPublishesRemaining: 5,
  requestTimeoutMs: 60000,
  analyticsTimeoutMs: 1000,
  toastAutoCloseMs: 2500,
  toastWidthPx: 320,
  defaultDebounceMs: 300,
  logoutDebounceMs: 100,
  defaultImageWidth: 400,
  timeOffsetHours: 8,
} as const;

/** Theme colours of SPEC §9. */
export const THEME_COLOURS = { primary: '#44367F', baseBackground: '#221463', text: '#ffffff' } as const;

/** Home grid columns by viewport width (SPEC §9): 5 by default, 4 at ≤1280, 3 at ≤1024, 2 at ≤768. */
export function gridColumns(width: number): number {
  if (width <= 768) return 2;
  if (width <= 1024) return 3;
  if (width <= 1280) return 4;
  return 5;
}
