import { LIMITS } from '@starlit/contract/rules';
import { currentLanguage } from '../i18n/i18n';
import { config } from './config';
import { deviceId } from './device';
import { readSession } from './session';

/** Where an event is reported from: a page and, within it, a tab or section. */
export interface EventPlace {
  pageId: string;
  subPageId?: string;
}

/** Analytics goes out only from the production host, and only when a report host is set (SPEC §7). */
export function shouldReport(reportHost: string, productionHost: string, host: string): boolean {
  return reportHost !== '' && productionHost !== '' && host === productionHost;
}

let previousUrl = typeof document === 'undefined' ? '' : document.referrer;

/** Sends one event; failures are swallowed because analytics must never disturb the user. */
export function reportEvent(eventName: string, place: EventPlace): void {
  const url = window.location.href;
  const from = previousUrl;
  previousUrl = url;
  if (!shouldReport(config.reportHost, config.productionHost, window.location.host)) return;
  const user = readSession()?.userInfo ?? null;
  const body = {
    deviceId: deviceId(),
    url,
    previousUrl: from,
    // balances arrive with the wallet feature; until then nothing is claimed
    user: { uid: user?.userId ?? '', userName: user?.userName ?? '', balance: null },
    page_id: place.pageId,
    sub_page_id: place.subPageId ?? '',
    source: new URLSearchParams(window.location.search).get('source') ?? '',
    language: currentLanguage(),
  };
  void fetch(`${config.reportHost}/api/events/${encodeURIComponent(eventName)}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-App-Id': config.reportAppId, 'X-App-Token': config.reportAppToken },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(LIMITS.analyticsTimeoutMs),
    keepalive: true,
  }).catch(() => undefined);
}
