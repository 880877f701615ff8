import { calls, type SkillKey } from '@starlit/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { callApi, isOk } from '../../../api/client';
import { useCall } from '../../../api/calls';
import { FieldMessage } from '../../../ui/field';
import { useRuleMessage } from '../../../ui/rule-message';
import type { AgentEditorState } from './use-agent-editor';

type Key = z.infer<typeof SkillKey>;

/** The skill catalogue as toggles; at least one is needed to publish (SPEC §3). */
export function SkillsStep({ editor }: { editor: AgentEditorState }) {
  const { t } = useTranslation('agents');
  const rule = useRuleMessage();
  const [refusal, setRefusal] = useState('');
  const catalogue = useCall(calls.agents.skills, {}, { staleTime: Infinity });
  const agent = editor.agent;
  // shown at once while the server saves it, and dropped for the server's answer after
  const [optimistic, setOptimistic] = useState<Key[] | null>(null);
  const chosen = new Set(optimistic ?? agent?.skills.map((skill) => skill.key) ?? []);

  const toggle = (key: Key) => editor.guardEdit(() => void toggleNow(key));
  const toggleNow = async (key: Key) => {
    if (!agent) return;
    const next = chosen.has(key) ? [...chosen].filter((k) => k !== key) : [...chosen, key];
    setOptimistic(next);
    const result = await callApi(calls.agents.setSkills, { id: agent.id, skills: next });
    setOptimistic(null);
    if (isOk(result)) {
      editor.setAgent(result.data);
      setRefusal('');
    } else setRefusal(result.message);
  };

  return (
    <fieldset disabled={!agent} className="flex flex-col gap-3">
      <legend className="sr-only">{t('skills.label')}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {catalogue.data?.items.map((skill) => (
          <label
            key={skill.key}
            className="flex cursor-pointer items-center gap-3 rounded-xl border border-line p-3 has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50 dark:has-[:checked]:bg-white/10"
          >
            <input type="checkbox" className="size-4 accent-brand-600" checked={chosen.has(skill.key)} onChange={() => toggle(skill.key)} />
            <span className="min-w-0 flex-1">
              <span className="block text-sm font-medium text-ink">{t(`skills.${skill.key}`)}</span>
              <span className="block text-xs text-muted">{skill.usageDays === null ? t('skills.permanent') : t('skills.days', { count: skill.usageDays })}</span>
            </span>
          </label>
        ))}
      </div>
      {agent && chosen.size === 0 && <FieldMessage tone="info" text={rule('agent.skillRequired')} />}
      <FieldMessage text={refusal} />
    </fieldset>
  );
}
