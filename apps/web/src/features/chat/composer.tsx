import { CHAT_MESSAGE_MAX, chatLength } from '@starlit/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/button';
import { SendIcon, StopIcon } from '../../ui/icons';

/** Shown once a message gets near the limit, so the count does not distract before. */
const SHOW_COUNT_FROM = CHAT_MESSAGE_MAX - 200;

/**
 * The message input. It waits while a reply is written (SPEC §1) and offers Stop instead.
 * Enter sends, Shift+Enter starts a new line.
 */
// biome-ignore lint/suspicious/noConfusingVoidType: onSend may be a plain handler returning nothing, or answer whether the text was sent
export function Composer({ agentName, busy, onSend, onStop }: { agentName: string; busy: boolean; onSend: (text: string) => Promise<boolean> | void; onStop?: () => void }) {
  const { t } = useTranslation('chat');
  const [text, setText] = useState('');
  const hintId = useId();
  const input = useRef<HTMLTextAreaElement>(null);
  // the input is disabled while the reply is written, which drops its focus: give it back after
  // a send from here, so typing can go on (not after a regenerate, whose button keeps focus)
  const sentHere = useRef(false);
  useEffect(() => {
    if (busy || !sentHere.current) return;
    sentHere.current = false;
    input.current?.focus();
  }, [busy]);
  const length = chatLength(text);
  const tooLong = length > CHAT_MESSAGE_MAX;
  const canSend = !busy && length > 0 && !tooLong;

  const submit = async () => {
    if (!canSend) return;
    const sent = text.trim();
    sentHere.current = true;
    setText('');
    // a refused message (too fast, too long) comes back to the input instead of being lost
    if ((await onSend(sent)) === false) setText((current) => current || sent);
  };

  return (
    <form
      className="border-t border-line bg-surface/95 px-3 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] backdrop-blur sm:px-4"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <div className="flex items-end gap-2">
        <textarea
          ref={input}
          aria-label={t('composer.label')}
          aria-describedby={hintId}
          value={text}
          disabled={busy}
          rows={Math.min(6, Math.max(1, text.split('\n').length))}
          placeholder={busy ? t('composer.waiting') : t('composer.placeholder', { name: agentName })}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              void submit();
            }
          }}
          className="max-h-48 min-h-11 flex-1 resize-none rounded-2xl border border-line bg-page px-4 py-2.5 text-sm leading-relaxed text-ink outline-none placeholder:text-muted focus:border-brand-300 focus:ring-2 focus:ring-brand-500 disabled:cursor-not-allowed disabled:opacity-60"
        />
        {busy && onStop && (
          // icon only on a phone, so "wait for the reply" still fits the input beside it
          <Button variant="secondary" onClick={onStop} aria-label={t('composer.stop')} icon={<StopIcon size={16} />} className="px-4">
            <span className="hidden sm:inline">{t('composer.stop')}</span>
          </Button>
        )}
        <Button type="submit" disabled={!canSend} aria-label={t('composer.send')} icon={<SendIcon size={16} />} className="px-4">
          <span className="hidden sm:inline">{t('composer.send')}</span>
        </Button>
      </div>
      <p id={hintId} className={`mt-1.5 flex justify-between gap-2 px-1 text-[11px] ${tooLong ? 'text-red-700' : 'text-muted'}`}>
        <span className="hidden sm:inline">{t('composer.hint')}</span>
        {length >= SHOW_COUNT_FROM && (
          <span className="ml-auto tabular-nums">{tooLong ? t('composer.tooLong', { count: length, max: CHAT_MESSAGE_MAX }) : t('composer.count', { count: length, max: CHAT_MESSAGE_MAX })}</span>
        )}
      </p>
    </form>
  );
}
