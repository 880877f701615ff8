/** A voice's settings as people read them: pitch in signed semitones, volume and speed as a factor. */
export function voiceSettingsText(voice: { pitch: number; volume: number; speed: number }, language: string): { pitch: string; volume: string; speed: string } {
  const locale = language.replace('_', '-');
  const semitones = new Intl.NumberFormat(locale, { maximumFractionDigits: 0, signDisplay: 'exceptZero' });
  const factor = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
  return { pitch: semitones.format(voice.pitch), volume: `${factor.format(voice.volume)}×`, speed: `${factor.format(voice.speed)}×` };
}
