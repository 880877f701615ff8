const DEVICE_ID_KEY = 'deviceId';

export type DeviceType = 'H5' | 'PC';

const MOBILE_UA = /Android|iPhone|iPad|iPod|Mobile|HarmonyOS/i;

/** H5 on a mobile user agent or a narrow touch screen, PC otherwise (SPEC §7 X-Custom-Device-Type). */
export function detectDeviceType(userAgent: string, narrowTouchScreen: boolean): DeviceType {
  return MOBILE_UA.test(userAgent) || narrowTouchScreen ? 'H5' : 'PC';
}

/** The device type of this browser. */
export function currentDeviceType(): DeviceType {
  const narrowTouch = window.matchMedia('(pointer: coarse) and (max-width: 768px)').matches;
  return detectDeviceType(navigator.userAgent, narrowTouch);
}

/** A random id kept in localStorage so every request of this browser carries the same X-Deviceid. */
export function deviceId(store: Pick<Storage, 'getItem' | 'setItem'> = window.localStorage): string {
  const existing = store.getItem(DEVICE_ID_KEY);
  if (existing) return existing;
  const id = randomId();
  store.setItem(DEVICE_ID_KEY, id);
  return id;
}

/** A random UUID (v4). crypto.randomUUID exists only on secure origins; a LAN address over plain http has just getRandomValues. */
export function randomId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
