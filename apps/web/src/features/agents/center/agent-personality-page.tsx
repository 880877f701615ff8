import type { Agent } from '@starlit/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { z } from 'zod';
import { buttonClass } from '../../../ui/button';
import { EmptyState } from '../../../ui/empty-state';
import { useDocumentTitle } from '../../../ui/use-document-title';
import { WithAgent } from './agent-center-page';
import { PillList } from './agent-home';
import { voiceSettingsText } from '../../voices/voice-settings-text';

function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-2xl border border-line bg-surface p-5 shadow-sm">
      <h2 className="mb-3 text-sm font-semibold tracking-wide text-muted uppercase">{title}</h2>
      {children}
    </section>
  );
}

function Text({ value, empty }: { value: string; empty: string }) {
  return value.trim() ? <p className="leading-relaxed break-words whitespace-pre-line text-ink">{value}</p> : <p className="text-muted italic">{empty}</p>;
}

/** The persona of an agent (SPEC §2 "agent personality"): everything that shapes how it talks. */
function Personality({ agent }: { agent: z.output<typeof Agent> }) {
  const { t, i18n } = useTranslation('agents');
  useDocumentTitle(t('center.persona.title', { name: agent.nickname }));
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-5 px-4 py-6 md:py-10">
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="mr-auto min-w-0 text-2xl font-bold tracking-tight break-words text-ink">{t('center.persona.title', { name: agent.nickname })}</h1>
        <Link to={`/agentcenter/${agent.id}`} className={buttonClass('secondary', 'sm')}>
          {t('center.persona.back')}
        </Link>
      </header>
      <dl className="grid grid-cols-2 gap-3 text-sm">
        <div className="rounded-2xl border border-line bg-surface p-4">
          <dt className="text-muted">{t('center.fields.nickname')}</dt>
          <dd className="mt-1 font-semibold break-words text-ink">{agent.nickname}</dd>
        </div>
        <div className="rounded-2xl border border-line bg-surface p-4">
          <dt className="text-muted">{t('center.fields.gender')}</dt>
          <dd className="mt-1 font-semibold text-ink">{t(`gender.${agent.gender}`)}</dd>
        </div>
      </dl>
      <Block title={t('center.fields.roleSetting')}>
        <Text value={agent.roleSetting} empty={t('center.persona.empty')} />
      </Block>
      <Block title={t('center.fields.roleIntro')}>
        <Text value={agent.roleIntro} empty={t('center.persona.empty')} />
      </Block>
      <Block title={t('center.fields.opening')}>
        <Text value={agent.opening} empty={t('center.persona.empty')} />
      </Block>
      <Block title={t('center.fields.voices')}>
        {agent.voices.length === 0 ? (
          <p className="text-muted italic">{t('center.persona.noVoices')}</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {agent.voices.map((voice) => (
              <li key={voice.voiceId} className="flex flex-wrap items-baseline gap-x-4 gap-y-1 rounded-xl bg-brand-50 px-3 py-2 text-sm dark:bg-white/5">
                <span className="font-semibold text-ink">{voice.name}</span>
                <span className="text-muted">{voice.cloned ? t('center.persona.cloned') : t('center.persona.official')}</span>
                <span className="text-muted">{t('center.persona.settings', voiceSettingsText(voice, i18n.language))}</span>
              </li>
            ))}
          </ul>
        )}
      </Block>
      <PillList label={t('center.home.tags')} items={agent.tags} />
      <Block title={t('center.persona.identityTitle')}>
        <p className="text-sm leading-relaxed text-muted">{t('center.persona.identityHint')}</p>
        {agent.isOwner && (
          <Link to={`/agent/${agent.id}`} className={buttonClass('secondary', 'sm', 'mt-3')}>
            {t('center.owner.edit')}
          </Link>
        )}
      </Block>
    </div>
  );
}

/** `/agent-personality/:agentId?` */
export function AgentPersonalityPage() {
  const { agentId } = useParams();
  const { t } = useTranslation('agents');
  if (!agentId) {
    return (
      <EmptyState
        title={t('center.persona.pick')}
        action={
          <Link to="/agentcenter" className={buttonClass()}>
            {t('center.notFound.back')}
          </Link>
        }
      />
    );
  }
  return <WithAgent agentId={agentId}>{(agent) => <Personality agent={agent} />}</WithAgent>;
}
