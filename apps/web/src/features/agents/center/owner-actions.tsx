import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { calls, type Agent } from '@starlit/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { z } from 'zod';
import { useCallMutation } from '../../../api/calls';
import { updateShadow } from '../../../api/shadow';
import { Button, buttonClass } from '../../../ui/button';
import { ChevronDownIcon } from '../../../ui/icons';
import { notifySuccess } from '../../../ui/toast';
import { AGENT_READS } from './agent-queries';
import { base64ToBlob, downloadBlob, EXPORT_FORMATS } from './card-file';

const item =
  'flex cursor-pointer items-center gap-2 rounded-xl px-3 py-2.5 text-sm outline-none select-none data-[highlighted]:bg-brand-50 data-[disabled]:opacity-50 dark:data-[highlighted]:bg-white/10';

/** What the owner can do on the agent's home: edit, publish or unpublish, export a card. */
export function OwnerActions({ agent }: { agent: z.output<typeof Agent> }) {
  const { t } = useTranslation('agent-center');
  const queryClient = useQueryClient();

  const publishing = useCallMutation(agent.status === 'published' ? calls.agents.unpublish : calls.agents.publish, {
    onSuccess: (next) => {
      // the new status shows at once in every list and detail holding the agent
      updateShadow(queryClient, 'agent', next.id, { status: next.status, isPublic: next.isPublic, publishedAt: next.publishedAt });
      notifySuccess(next.status === 'published' ? t('owner.published') : t('owner.unpublished'));
    },
    invalidates: AGENT_READS,
  });

  const exporting = useCallMutation(calls.cards.export, {
    onSuccess: (file) => downloadBlob(base64ToBlob(file.base64, file.contentType), file.fileName),
  });

  return (
    <div className="flex flex-wrap gap-2">
      <Link to={`/agent/${agent.id}`} className={buttonClass('secondary', 'sm')}>
        {t('owner.edit')}
      </Link>
      <Button variant="secondary" size="sm" disabled={publishing.isPending} onClick={() => publishing.mutate({ id: agent.id })}>
        {agent.status === 'published' ? t('owner.unpublish') : t('owner.publish')}
      </Button>
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger className={buttonClass('secondary', 'sm')} disabled={exporting.isPending}>
          {t('owner.export')}
          <ChevronDownIcon size={14} />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content align="start" sideOffset={6} className="z-50 w-56 rounded-2xl border border-line bg-surface p-1.5 text-ink shadow-xl shadow-brand-950/15">
            {EXPORT_FORMATS.map((format) => (
              <DropdownMenu.Item key={format} className={item} onSelect={() => exporting.mutate({ agentId: agent.id, format })}>
                {t(`owner.formats.${format}`)}
              </DropdownMenu.Item>
            ))}
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      {agent.status !== 'published' && agent.missing.length > 0 && <p className="basis-full text-xs text-muted">{t('owner.missingHint')}</p>}
    </div>
  );
}
