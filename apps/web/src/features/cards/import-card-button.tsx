import { calls, isMessageKey, message, type CardProblem } from '@starlit/contract';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCallMutation } from '../../api/calls';
import { currentLanguage } from '../../i18n/i18n';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/modal';
import { fileToBase64 } from '../../platform/file-data';
import { AGENT_READS } from '../agents/center/agent-queries';
import { CARD_ACCEPT } from './card-file';

/**
 * "Import character card": pick a PNG, JSON or CHARX card; it becomes a private draft and
 * the editor opens on it. When the card breaks a rule, the problems are listed first so the
 * person knows what to fix (the draft keeps the card's values whole).
 */
export function ImportCardButton() {
  const { t } = useTranslation('cards');
  const navigate = useNavigate();
  const input = useRef<HTMLInputElement>(null);
  const [result, setResult] = useState<{ agentId: string; problems: CardProblem[] } | null>(null);

  const importCard = useCallMutation(calls.cards.import, {
    inputOf: async (file: File) => ({ base64: await fileToBase64(file), fileName: file.name }),
    onSuccess: (data) => {
      if (data.problems.length === 0) void navigate(`/agent/${data.agentId}`);
      else setResult(data);
    },
    invalidates: AGENT_READS,
  });

  return (
    <>
      <input
        ref={input}
        type="file"
        accept={CARD_ACCEPT}
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) importCard.mutate(file);
        }}
      />
      <Button size="sm" disabled={importCard.isPending} onClick={() => input.current?.click()}>
        {importCard.isPending ? t('import.working') : t('import.button')}
      </Button>
      <Modal open={result !== null} onClose={() => setResult(null)} title={t('import.problemsTitle')}>
        <p className="text-sm leading-relaxed text-muted">{t('import.problemsBody')}</p>
        <ul className="mt-4 flex list-disc flex-col gap-1.5 pl-5 text-sm text-ink">
          {result?.problems.map((p) => (
            <li key={`${p.field}-${p.messageKey}`}>
              <span className="font-medium">{t(`import.fieldNames.${p.field}`)}</span>: {isMessageKey(p.messageKey) ? message(p.messageKey, currentLanguage()) : p.messageKey}
            </li>
          ))}
        </ul>
        <div className="mt-6 flex justify-end">
          <Button onClick={() => result && void navigate(`/agent/${result.agentId}`)}>{t('import.openEditor')}</Button>
        </div>
      </Modal>
    </>
  );
}
