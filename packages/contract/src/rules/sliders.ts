const clampPercent = (value: number) => Math.min(100, Math.max(0, value));

/** Maps a 0–100 slider to an integer −12..12 in steps of 100/24 (SPEC §9; pitch). */
export function sliderToSemitones(percent: number): number {
  return Math.round(clampPercent(percent) / (100 / 24)) - 12;
}

/** Inverse of {@link sliderToSemitones}: the slider position for −12..12. */
export function semitonesToSlider(semitones: number): number {
  const clamped = Math.min(12, Math.max(-12, Math.round(semitones)));
  return ((clamped + 12) * 100) / 24;
}

/** Maps a 0–100 slider to 0.5..2 with 2 decimals (SPEC §9; volume and speed). */
export function sliderToRate(percent: number): number {
  return Math.round((0.5 + (clampPercent(percent) / 100) * 1.5) * 100) / 100;
}

/** Inverse of {@link sliderToRate}: the slider position for 0.5..2. */
export function rateToSlider(rate: number): number {
  const clamped = Math.min(2, Math.max(0.5, rate));
  return Math.round(((clamped - 0.5) / 1.5) * 100);
}
