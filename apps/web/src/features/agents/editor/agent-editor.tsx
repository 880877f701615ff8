import type { Agent } from '@starlit/contract';
import { AGENT_LIMITS, AgentNickname, Opening, RoleIntro, RoleSetting } from '@starlit/contract/rules';
import type { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../../ui/use-document-title';
import { AvatarStep } from './avatar-step';
import { CardFieldsSection } from '../../cards/card-fields-section';
import { IdentitiesPanel } from '../../identities/identities-panel';
import { PublishPanel } from './publish-panel';
import { PublishedEditDialog, PublishedNotice } from './published-edit-dialog';
import { SaveIndicator } from './save-indicator';
import { FieldMessage, SelectField, TextArea, TextField } from '../../../ui/field';
import { useFieldError } from '../../../ui/form';
import { StepSection } from './section';
import { SkillsStep } from './skills-step';
import { Stepper } from './stepper';
import { missingRequirements, stepStatuses, STEPS } from './steps';
import { TagsStep } from './tags-step';
import { useAgentEditor } from './use-agent-editor';
import { VoiceStep } from './voice-step';

const GENDERS = ['Unknown', 'Male', 'Female'] as const;

/** The create/edit form of an agent: name and gender on top, then the steps of SPEC §2. */
export function AgentEditor({ initial }: { initial: z.infer<typeof Agent> | null }) {
  const { t } = useTranslation('agents');
  const editor = useAgentEditor(initial);
  const { texts, setText, agent } = editor;
  useDocumentTitle(agent ? t('title.edit') : t('title.create'));
  const statuses = stepStatuses(texts, agent);
  const error = useFieldError();
  // an empty name is only a problem once the user has started typing one
  const nicknameError = texts.nickname === '' && !agent ? null : error(AgentNickname, texts.nickname);

  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6 lg:px-8">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-xl font-bold text-ink sm:text-2xl">{agent ? t('title.edit') : t('title.create')}</h1>
        <SaveIndicator editor={editor} />
      </div>
      <PublishedNotice editor={editor} />
      <PublishedEditDialog editor={editor} />
      {editor.hadLocalEdits && <p className="mb-3 rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-400/10 dark:text-amber-200">{t('save.local')}</p>}
      <FieldMessage text={editor.refusal} />
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[220px_minmax(0,1fr)]">
        <aside className="sticky top-16 z-10 -mx-4 min-w-0 border-b border-line bg-page/95 px-4 py-2 backdrop-blur lg:top-20 lg:mx-0 lg:self-start lg:border-0 lg:bg-transparent lg:p-0">
          <Stepper statuses={statuses} missing={missingRequirements(texts, agent).size} />
        </aside>
        <div className="flex min-w-0 flex-col gap-5">
          <div className="grid gap-4 rounded-2xl border border-line bg-surface p-4 shadow-sm sm:grid-cols-[minmax(0,1fr)_180px] sm:p-6">
            <TextField
              label={t('fields.nickname')}
              value={texts.nickname}
              max={AGENT_LIMITS.nickname}
              error={nicknameError}
              placeholder={t('placeholders.nickname')}
              onChange={(v) => setText('nickname', v)}
            />
            <SelectField label={t('fields.gender')} value={texts.gender} options={GENDERS.map((g) => ({ value: g, label: t(`gender.${g}`) }))} onChange={(g) => setText('gender', g || 'Unknown')} />
          </div>
          <StepSection step="roleSetting" index={STEPS.indexOf('roleSetting')}>
            <TextArea
              label={t('fields.roleSetting')}
              rows={6}
              value={texts.roleSetting}
              max={AGENT_LIMITS.roleSetting}
              error={error(RoleSetting, texts.roleSetting)}
              placeholder={t('placeholders.roleSetting')}
              onChange={(v) => setText('roleSetting', v)}
            />
          </StepSection>
          <StepSection step="opening" index={STEPS.indexOf('opening')}>
            <TextArea
              label={t('fields.opening')}
              rows={3}
              value={texts.opening}
              max={AGENT_LIMITS.opening}
              error={error(Opening, texts.opening)}
              placeholder={t('placeholders.opening')}
              onChange={(v) => setText('opening', v)}
            />
          </StepSection>
          <StepSection step="roleIntro" index={STEPS.indexOf('roleIntro')}>
            <TextArea
              label={t('fields.roleIntro')}
              rows={3}
              value={texts.roleIntro}
              max={AGENT_LIMITS.roleIntro}
              error={error(RoleIntro, texts.roleIntro)}
              placeholder={t('placeholders.roleIntro')}
              onChange={(v) => setText('roleIntro', v)}
            />
          </StepSection>
          <StepSection step="skills" index={STEPS.indexOf('skills')}>
            <SkillsStep editor={editor} />
          </StepSection>
          <StepSection step="voice" index={STEPS.indexOf('voice')}>
            <VoiceStep editor={editor} />
          </StepSection>
          <StepSection step="tags" index={STEPS.indexOf('tags')}>
            <TagsStep editor={editor} />
          </StepSection>
          <StepSection step="avatar" index={STEPS.indexOf('avatar')}>
            <AvatarStep editor={editor} />
          </StepSection>
          <StepSection step="identity" index={STEPS.indexOf('identity')}>
            <IdentitiesPanel agentId={agent?.id ?? null} />
          </StepSection>
          {agent && <CardFieldsSection agentId={agent.id} />}
          <PublishPanel editor={editor} />
        </div>
      </div>
    </div>
  );
}
