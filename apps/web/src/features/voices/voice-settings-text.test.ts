import { describe, expect, it } from 'vitest';
import { voiceSettingsText } from './voice-settings-text';

describe('voice settings on public pages', () => {
  it('shows pitch in signed semitones and volume and speed as short factors, never slider fractions', () => {
    expect(voiceSettingsText({ pitch: 5, volume: 1.25, speed: 0.5 }, 'en_US')).toEqual({ pitch: '+5', volume: '1.25×', speed: '0.5×' });
    expect(voiceSettingsText({ pitch: 0, volume: 1, speed: 1 }, 'en_US')).toEqual({ pitch: '0', volume: '1×', speed: '1×' });
    expect(voiceSettingsText({ pitch: -3, volume: 1.3333333, speed: 2 }, 'zh_TW')).toEqual({ pitch: '-3', volume: '1.33×', speed: '2×' });
  });
});
