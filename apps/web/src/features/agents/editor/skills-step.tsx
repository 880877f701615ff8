import { calls, ErrorCode, type Agent, type Skill, type SkillKey } from '@starlit/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { callApi, isOk, isRefused } from '../../../api/client';
import { newRequestKey } from '../../../api/request-key';
import { useCall } from '../../../api/calls';
import { invalidateCalls } from '../../../api/keys';
import { Button } from '../../../ui/button';
import { DiamondIcon } from '../../../ui/icons';
import { FieldMessage } from '../../../ui/field';
import { dateTimeText } from '../../../ui/date-time';
import { useRuleMessage } from '../../../ui/rule-message';
import { notifySuccess } from '../../../ui/toast';
import { openRecharge } from '../../recharge/open-recharge';
import type { AgentEditorState } from './use-agent-editor';

type Key = z.infer<typeof SkillKey>;
type Term = z.infer<typeof Agent>['skillTerms'][number];

/** What a bought skill's line says: for good, until a date, or expired on one. */
function TermLine({ term }: { term: Term | undefined }) {
  const { t } = useTranslation('agents');
  if (!term) return <span className="block text-xs text-muted">{t('skills.notOwned')}</span>;
  if (term.expiresAt === null) return <span className="block text-xs font-medium text-emerald-700 dark:text-emerald-300">{t('skills.forGood')}</span>;
  if (!term.active) return <span className="block text-xs font-medium text-red-700 dark:text-red-300">{t('skills.expired', { date: dateTimeText(term.expiresAt) })}</span>;
  return <span className="block text-xs font-medium text-emerald-700 dark:text-emerald-300">{t('skills.expires', { date: dateTimeText(term.expiresAt) })}</span>;
}

/**
 * The skill catalogue (SPEC §3): choosing a skill is free and at least one is needed to publish;
 * a skill works only once bought for its period or for good (docs/economy.md, Skills), so each
 * shows its price and period, whether it is owned and until when, and Buy or Renew.
 */
export function SkillsStep({ editor }: { editor: AgentEditorState }) {
  const { t } = useTranslation('agents');
  const rule = useRuleMessage();
  const queryClient = useQueryClient();
  const [refusal, setRefusal] = useState('');
  const [short, setShort] = useState(false);
  const [buying, setBuying] = useState<Key | null>(null);
  // one purchase's key, kept until it succeeds: a retry after a lost answer is answered, not charged again
  const [purchase, setPurchase] = useState<{ agentId: string; skill: Key; key: string } | null>(null);
  // admins change prices and periods, so the catalogue is read again like the rest of the agents' calls
  const catalogue = useCall(calls.agents.skills, {});
  const agent = editor.agent;
  // shown at once while the server saves it, and dropped for the server's answer after
  const [optimistic, setOptimistic] = useState<Key[] | null>(null);
  const chosen = new Set(optimistic ?? agent?.skills.map((skill) => skill.key) ?? []);
  const terms = new Map(agent?.skillTerms.map((term) => [term.key, term]));

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

  const buy = (skill: z.infer<typeof Skill>) => editor.guardEdit(() => void buyNow(skill));
  const buyNow = async (skill: z.infer<typeof Skill>) => {
    if (!agent || buying) return;
    setBuying(skill.key);
    // the same skill of the same agent again is the same purchase until it succeeds; the button is disabled meanwhile, so a double click charges once
    const same = purchase && purchase.agentId === agent.id && purchase.skill === skill.key ? purchase : { agentId: agent.id, skill: skill.key, key: newRequestKey() };
    setPurchase(same);
    const shown = { priceDiamonds: skill.priceDiamonds, usageDays: skill.usageDays };
    const result = await callApi(calls.agents.buySkill, { id: agent.id, skill: skill.key, key: same.key, shown });
    setBuying(null);
    if (isOk(result)) {
      setPurchase(null);
      editor.setAgent(result.data.agent);
      setRefusal('');
      setShort(false);
      notifySuccess(t('skills.bought', { skill: t(`skills.${skill.key}`) }));
      void invalidateCalls(queryClient, [calls.ledger.balances]);
    } else {
      setRefusal(result.message);
      setShort(isRefused(result) && result.code === ErrorCode.LEDGER_INSUFFICIENT_DIAMOND);
      // an admin changed the price or period: show the new ones before the next click
      if (isRefused(result) && result.code === ErrorCode.PRICE_CHANGED) void catalogue.refetch();
    }
  };

  return (
    <fieldset disabled={!agent} className="flex flex-col gap-3">
      <legend className="sr-only">{t('skills.label')}</legend>
      <p className="text-xs text-muted">{t('skills.hint')}</p>
      <div className="grid gap-2 sm:grid-cols-2">
        {catalogue.data?.items.map((skill) => {
          const term = terms.get(skill.key);
          const name = t(`skills.${skill.key}`);
          // a permanent skill once bought has nothing left to buy
          const canBuy = !(term && term.expiresAt === null);
          const renew = term !== undefined;
          return (
            <div
              key={skill.key}
              className="flex flex-wrap items-center gap-3 rounded-xl border border-line p-3 has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50 dark:has-[:checked]:bg-white/10"
            >
              <label className="flex min-w-0 flex-1 cursor-pointer items-center gap-3">
                <input type="checkbox" className="size-4 accent-brand-600" checked={chosen.has(skill.key)} onChange={() => toggle(skill.key)} />
                <span className="min-w-0 flex-1">
                  <span className="block text-sm font-medium text-ink">{name}</span>
                  <span className="flex items-center gap-1 text-xs text-muted">
                    <DiamondIcon size={12} className="text-brand-600 dark:text-brand-300" />
                    {t('skills.price', { count: skill.priceDiamonds })} · {skill.usageDays === null ? t('skills.permanent') : t('skills.days', { count: skill.usageDays })}
                  </span>
                  <TermLine term={term} />
                </span>
              </label>
              {canBuy && (
                <Button
                  size="sm"
                  variant={renew ? 'secondary' : 'primary'}
                  disabled={buying !== null}
                  aria-label={t(renew ? 'skills.renewLabel' : 'skills.buyLabel', { skill: name, count: skill.priceDiamonds })}
                  onClick={() => buy(skill)}
                >
                  {t(renew ? 'skills.renew' : 'skills.buy')}
                </Button>
              )}
            </div>
          );
        })}
      </div>
      {agent && chosen.size === 0 && <FieldMessage tone="info" text={rule('agent.skillRequired')} />}
      <FieldMessage text={refusal} />
      {short && (
        <Button size="sm" variant="secondary" className="self-start" onClick={openRecharge}>
          {t('skills.recharge')}
        </Button>
      )}
    </fieldset>
  );
}
