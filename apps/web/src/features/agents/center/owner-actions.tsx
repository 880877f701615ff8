import { calls, type Agent } from '@starlit/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { z } from 'zod';
import { useCallMutation } from '../../../api/calls';
import { updateShadow } from '../../../api/shadow';
import { Button, buttonClass } from '../../../ui/button';
import { notifySuccess } from '../../../ui/toast';
import { AGENT_READS } from './agent-queries';
import { ExportCardMenu } from '../../cards/export-card-menu';

/** What the owner can do on the agent's home: edit, publish or unpublish, export a card. */
export function OwnerActions({ agent }: { agent: z.output<typeof Agent> }) {
  const { t } = useTranslation('agents');
  const queryClient = useQueryClient();

  const publishing = useCallMutation(agent.status === 'published' ? calls.agents.unpublish : calls.agents.publish, {
    onSuccess: (next) => {
      // the new status shows at once in every list and detail holding the agent
      updateShadow(queryClient, 'agent', next.id, { status: next.status, isPublic: next.isPublic, publishedAt: next.publishedAt });
      notifySuccess(next.status === 'published' ? t('center.owner.published') : t('center.owner.unpublished'));
    },
    invalidates: AGENT_READS,
  });

  return (
    <div className="flex flex-wrap gap-2">
      <Link to={`/agent/${agent.id}`} className={buttonClass('secondary', 'sm')}>
        {t('center.owner.edit')}
      </Link>
      <Button variant="secondary" size="sm" disabled={publishing.isPending} onClick={() => publishing.mutate({ id: agent.id })}>
        {agent.status === 'published' ? t('center.owner.unpublish') : t('center.owner.publish')}
      </Button>
      <ExportCardMenu agentId={agent.id} />
      {agent.status !== 'published' && agent.missing.length > 0 && <p className="basis-full text-xs text-muted">{t('center.owner.missingHint')}</p>}
    </div>
  );
}
