import { calls, ErrorCode } from '@starlit/contract';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi, isOk } from '../../../api/client';
import { staticUrl } from '../../../platform/static-url';
import { Button } from '../../../ui/button';
import { Spinner } from '../../../ui/spinner';
import { FieldMessage } from '../../../ui/field';
import type { AgentEditorState } from './use-agent-editor';

type Phase = { step: 'idle' } | { step: 'generating' } | { step: 'failed'; reason: string };

/** "Audition opening line": speaks the saved opening with the first voice and plays it. */
export function AuditionPanel({ editor, waiting }: { editor: AgentEditorState; waiting: boolean }) {
  const { t } = useTranslation('agents');
  const [phase, setPhase] = useState<Phase>({ step: 'idle' });
  const audio = useRef<HTMLAudioElement>(null);
  const agent = editor.agent;
  const ready = Boolean(agent && agent.voices.length > 0 && editor.texts.opening.trim() !== '');

  const audition = async () => {
    if (!agent) return;
    setPhase({ step: 'generating' });
    await editor.flush();
    const result = await callApi(calls.agents.audition, { id: agent.id });
    if (!isOk(result)) {
      // "no speech engine" is the server's own plain message; other failures are the spec's text
      const unavailable = 'code' in result && result.code === ErrorCode.AGENT_SPEECH_UNAVAILABLE;
      return setPhase({ step: 'failed', reason: unavailable ? result.message : t('audition.failed') });
    }
    editor.setAgent(result.data);
    setPhase({ step: 'idle' });
    // the element re-renders with the new source first
    requestAnimationFrame(() => void audio.current?.play().catch(() => undefined));
  };

  const heard = agent?.audition ?? null;
  return (
    <div className="flex flex-col gap-2 rounded-xl border border-dashed border-line p-3">
      <div className="flex flex-wrap items-center gap-3">
        <Button onClick={() => void audition()} disabled={!ready || waiting || phase.step === 'generating'}>
          {t('audition.button')}
        </Button>
        {phase.step === 'failed' && (
          <Button variant="secondary" size="sm" onClick={() => void audition()}>
            {t('audition.retry')}
          </Button>
        )}
      </div>
      <div role="status" className="text-sm">
        {phase.step === 'generating' && (
          <span className="flex items-center gap-2 text-muted">
            <Spinner className="size-4" />
            {t('audition.generating')}
          </span>
        )}
        {phase.step === 'idle' && heard && <span className="text-emerald-700 dark:text-emerald-400">{t('audition.done', { engine: heard.engine })}</span>}
        {phase.step === 'idle' && !heard && <span className="text-muted">{ready ? t('audition.stale') : t('audition.needs')}</span>}
      </div>
      {phase.step === 'failed' && <FieldMessage text={phase.reason} />}
      {heard && <audio ref={audio} controls src={staticUrl(heard.audio)} className="h-9 w-full" aria-label={t('audition.button')} />}
    </div>
  );
}
