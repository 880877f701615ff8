// first: it must run before any module builds or parses a schema
import './platform/zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { applyTheme } from './app/theme';
import { completeSignIn } from './features/auth/sign-in';
import { initI18n } from './i18n/i18n';
import { ToastHost } from './ui/toast-host';
import './styles.css';

async function start() {
  applyTheme();
  // strings first (the sign-in may toast), then the code exchange, which rewrites the address the router reads
  await initI18n();
  await completeSignIn();
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element');
  createRoot(root).render(
    <>
      <StrictMode>
        <App />
      </StrictMode>
      {/* outside StrictMode: its simulated unmount would drop toasts queued before the first render (e.g. "Please log in first") */}
      <ToastHost />
    </>,
  );
}

void start();
