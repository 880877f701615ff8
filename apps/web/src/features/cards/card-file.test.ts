import { describe, expect, it } from 'vitest';
import { base64ToBlob } from './card-file';

describe('card files', () => {
  it('turns base64 back into the exact bytes with the content type', async () => {
    const bytes = [0x89, 0x50, 0x4e, 0x47, 0x00, 0xff];
    const blob = base64ToBlob(btoa(String.fromCharCode(...bytes)), 'image/png');
    expect(blob.type).toBe('image/png');
    expect([...new Uint8Array(await blob.arrayBuffer())]).toEqual(bytes);
  });
});
