// A test-only page that mounts the web's DancePlayer on its own, built by e2e/support/dance-harness.ts
// for e2e/specs/dance-player.spec.ts: no page of the app shows dances yet. Never part of the app's build.
// React is the web app's own (the component must share it), not a dependency of the e2e package.
import { createRoot } from 'react-dom/client';
import { DancePlayer } from '../../apps/web/src/features/creation/dance-player';
import { initI18n } from '../../apps/web/src/i18n/i18n';
import './harness.css';

async function start() {
  // the language comes from localStorage as in the app
  await initI18n();
  const params = new URLSearchParams(window.location.search);
  const root = document.getElementById('root');
  if (!root) throw new Error('no #root element');
  createRoot(root).render(
    <main className="mx-auto w-full max-w-3xl p-4">
      <DancePlayer vrmUrl={params.get('vrm') ?? ''} vrmaUrl={params.get('vrma') ?? ''} audioUrl={params.get('audio') ?? ''} title={params.get('title') ?? undefined} />
    </main>,
  );
}

void start();
