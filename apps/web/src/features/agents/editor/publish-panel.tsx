import { calls } from '@starlit/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { callApi, isOk } from '../../../api/client';
import { Button, buttonClass } from '../../../ui/button';
import { CheckIcon } from '../../../ui/icons';
import { FieldMessage } from '../../../ui/field';
import { goToStep, missingRequirements, REQUIREMENTS, sectionId, STEP_OF_PROBLEM } from './steps';
import { useRuleMessage } from '../../../ui/rule-message';
import type { AgentEditorState } from './use-agent-editor';

/** The publish checklist (SPEC §5), the public switch, publish and unpublish. */
export function PublishPanel({ editor }: { editor: AgentEditorState }) {
  const { t } = useTranslation('agents');
  const rule = useRuleMessage();
  const [refusal, setRefusal] = useState('');
  const [busy, setBusy] = useState(false);
  const { agent, texts } = editor;
  const missing = missingRequirements(texts, agent);

  const act = async (call: typeof calls.agents.publish | typeof calls.agents.unpublish) => {
    if (!agent) return;
    setBusy(true);
    await editor.flush();
    const result = await callApi(call, { id: agent.id });
    setBusy(false);
    if (!isOk(result)) return setRefusal(result.message);
    setRefusal('');
    editor.setAgent(result.data);
  };

  const setPublic = async (isPublic: boolean) => {
    if (!agent) return;
    // publishing waits for this, so the published copy carries the chosen visibility
    setBusy(true);
    const result = await callApi(calls.agents.update, { id: agent.id, isPublic });
    setBusy(false);
    if (isOk(result)) editor.setAgent(result.data);
    else setRefusal(result.message);
  };

  const published = agent?.status === 'published';
  return (
    <section id={sectionId('publish')} tabIndex={-1} aria-labelledby="agent-publish-title" className="scroll-mt-24 rounded-2xl border border-line bg-surface p-4 shadow-sm outline-none sm:p-6">
      <h2 id="agent-publish-title" className="text-base font-semibold text-ink">
        {t('publish.checklist')}
      </h2>
      <ul className="mt-3 flex flex-col gap-1.5">
        {REQUIREMENTS.map((key) => {
          const step = STEP_OF_PROBLEM[key];
          const ok = !missing.has(key);
          return (
            <li key={key} className="flex items-start gap-2 text-sm">
              <span aria-hidden="true" className={`mt-0.5 grid size-5 shrink-0 place-items-center rounded-full ${ok ? 'bg-emerald-500 text-white' : 'border-2 border-amber-400'}`}>
                {ok && <CheckIcon size={12} />}
              </span>
              {ok ? (
                <span className="text-muted line-through decoration-muted/50">{rule(key)}</span>
              ) : (
                <button
                  type="button"
                  onClick={() => goToStep(step ?? 'roleSetting')}
                  className="cursor-pointer text-left text-ink underline decoration-amber-400 underline-offset-2 hover:text-brand-700"
                >
                  {rule(key)}
                </button>
              )}
            </li>
          );
        })}
      </ul>
      {missing.size === 0 && <p className="mt-3 text-sm text-emerald-700 dark:text-emerald-400">{t('publish.ready')}</p>}
      <label className="mt-4 flex items-center gap-3 text-sm">
        {/* biome-ignore lint/a11y/useAriaPropsForRole: a native checkbox exposes its checked state; ARIA in HTML forbids aria-checked on it */}
        <input type="checkbox" role="switch" checked={agent?.isPublic ?? false} disabled={!agent || busy} onChange={(e) => void setPublic(e.target.checked)} className="size-4 accent-brand-600" />
        <span>
          <span className="font-medium text-ink">{t('publish.public')}</span>
          <span className="block text-xs text-muted">{t('publish.publicHint')}</span>
        </span>
      </label>
      <FieldMessage text={refusal} />
      <div className="mt-4 flex flex-wrap items-center gap-3">
        {published ? (
          <Button variant="secondary" disabled={busy} onClick={() => void act(calls.agents.unpublish)}>
            {t('publish.unpublish')}
          </Button>
        ) : (
          <Button disabled={busy || !agent || missing.size > 0} onClick={() => void act(calls.agents.publish)}>
            {t('publish.button')}
          </Button>
        )}
        {published && agent && (
          <Link to={`/agentcenter/${agent.id}`} className={buttonClass('secondary', 'md')}>
            {t('publish.view')}
          </Link>
        )}
      </div>
      {published && (
        <p role="status" className="mt-3 text-sm text-emerald-700 dark:text-emerald-400">
          {t('publish.done')}
        </p>
      )}
    </section>
  );
}
