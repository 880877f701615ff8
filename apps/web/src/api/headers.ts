import type { Language } from '@starlit/contract';
import { config } from '../platform/config';
import { currentDeviceType, deviceId, type DeviceType } from '../platform/device';
import { isInNativeApp } from '../platform/native-bridge';
import { readSession } from '../platform/session';
import { currentLanguage } from '../i18n/i18n';

/** Everything the request headers of SPEC §7 depend on. */
export interface HeaderContext {
  token: string | null;
  passportToken: string | null;
  inNativeApp: boolean;
  deviceType: DeviceType;
  language: Language;
  deviceId: string;
  appId: string;
  now: number;
}

/** The headers every call carries (SPEC §7); inside the native app the passport token stands in for the token. */
export function buildHeaders(ctx: HeaderContext): Record<string, string> {
  const token = ctx.inNativeApp ? ctx.passportToken || ctx.token : ctx.token;
  return {
    ...(token ? { token } : {}),
    'Content-Type': 'application/json',
    'X-Custom-Device-Type': ctx.deviceType,
    'X-VersionCode': config.versionCode,
    'X-Timestamp': String(ctx.now),
    'Accept-Language': ctx.language,
    'X-Lang': ctx.language,
    'X-Deviceid': ctx.deviceId,
    'X-App-Name': ctx.inNativeApp ? config.appName.inNativeApp : config.appName.web,
    'X-App-Id': ctx.appId,
  };
}

/** The headers for a call made now by this browser. */
export function currentHeaders(): Record<string, string> {
  const session = readSession();
  return buildHeaders({
    token: session?.token ?? null,
    passportToken: session?.passportToken ?? null,
    inNativeApp: isInNativeApp(),
    deviceType: currentDeviceType(),
    language: currentLanguage(),
    deviceId: deviceId(),
    appId: config.appId,
    now: Date.now(),
  });
}
