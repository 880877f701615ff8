/// <reference types="vite/client" />

/** Build-time settings (all optional; '' means the same origin). */
interface ImportMetaEnv {
  readonly VITE_AI_HOST?: string;
  readonly VITE_PAY_HOST?: string;
  readonly VITE_STATIC_HOST?: string;
  readonly VITE_APP_ID?: string;
  readonly VITE_REPORT_HOST?: string;
  readonly VITE_REPORT_APP_ID?: string;
  readonly VITE_REPORT_APP_TOKEN?: string;
  readonly VITE_PRODUCTION_HOST?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
