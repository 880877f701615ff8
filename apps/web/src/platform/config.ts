const env = import.meta.env;

/** Deployment settings read once from the build environment (SPEC §7 hosts, analytics). */
export const config = {
  aiHost: trimHost(env.VITE_AI_HOST),
  payHost: trimHost(env.VITE_PAY_HOST),
  staticHost: trimHost(env.VITE_STATIC_HOST),
  appId: env.VITE_APP_ID || 'starlit',
  reportHost: trimHost(env.VITE_REPORT_HOST),
  reportAppId: env.VITE_REPORT_APP_ID ?? '',
  reportAppToken: env.VITE_REPORT_APP_TOKEN ?? '',
  productionHost: env.VITE_PRODUCTION_HOST ?? '',
  versionCode: '1.0.0',
  appName: { web: 'starlit-web', inNativeApp: 'starlit-web-in-app' },
} as const;

function trimHost(value: string | undefined): string {
  return (value ?? '').replace(/\/+$/, '');
}
