import { calls } from '@starlit/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi, isOk, isRefused } from '../../api/client';
import { staticUrl } from '../../platform/static-url';
import { Button } from '../../ui/button';
import { PlayIcon, RefreshIcon, StopIcon } from '../../ui/icons';
import { Spinner } from '../../ui/spinner';
import { setCallData } from '../../api/keys';
import { conversationInput } from './chat-queries';

/** SPEC §4 voice generation: generating, then playing; failed (regenerate or start over) or lost (the audio is gone). */
type VoiceState = 'idle' | 'generating' | 'playing' | 'failed' | 'lost';

// one reply speaks at a time: starting another pauses this one
let speaking: HTMLAudioElement | null = null;

const iconButton =
  'grid size-8 cursor-pointer place-items-center rounded-full text-muted transition-colors hover:bg-brand-50 hover:text-ink focus-visible:outline-2 focus-visible:outline-brand-500 disabled:cursor-not-allowed disabled:opacity-40 dark:hover:bg-white/10';

/** The play button of an agent message, speaking it with the agent's voice (chat/voice). */
export function VoiceButton({
  conversationId,
  messageId,
  voice,
  hasVoice,
  onNewConversation,
}: {
  conversationId: string;
  messageId: string;
  voice: string | null;
  hasVoice: boolean;
  onNewConversation: () => void;
}) {
  const { t } = useTranslation('chat');
  const queryClient = useQueryClient();
  const [state, setState] = useState<VoiceState>('idle');
  const [src, setSrc] = useState(voice);
  const audio = useRef<HTMLAudioElement>(null);
  // set when a click asked for sound that was not loaded yet: play as soon as the source is in place
  const wantsPlay = useRef(false);

  const play = () => {
    const el = audio.current;
    if (!el) return;
    if (speaking && speaking !== el) speaking.pause();
    speaking = el;
    // a browser may refuse sound without a fresh click (autoplay rules): the next click plays it
    el.play().catch((err: unknown) => {
      if (err instanceof DOMException && err.name === 'NotAllowedError') setState('idle');
    });
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the source arrives, not when play (new each render) changes
  useEffect(() => {
    if (src && wantsPlay.current) {
      wantsPlay.current = false;
      play();
    }
  }, [src]);

  useEffect(() => () => audio.current?.pause(), []);

  const generate = async (regenerate: boolean) => {
    setState('generating');
    const result = await callApi(calls.chat.voice, { messageId, regenerate });
    if (!isOk(result)) {
      // a transport failure was toasted already; a refusal is the "voice generation failed" state
      setState(isRefused(result) ? 'failed' : 'idle');
      return;
    }
    setCallData(queryClient, calls.chat.messages, conversationInput(conversationId), (d) =>
      d ? { ...d, messages: d.messages.map((m) => (m.id === messageId ? { ...m, voice: result.data.voice } : m)) } : d,
    );
    wantsPlay.current = true;
    if (result.data.voice === src) play();
    else setSrc(result.data.voice);
  };

  const toggle = () => {
    if (state === 'playing') {
      audio.current?.pause();
      return;
    }
    if (src) {
      setState('generating');
      play();
    } else void generate(false);
  };

  if (!hasVoice) {
    return (
      <span title={t('voice.noVoice')} className="inline-flex">
        <button type="button" disabled aria-label={t('voice.play')} aria-describedby={`novoice-${messageId}`} className={iconButton}>
          <PlayIcon size={16} />
        </button>
        <span id={`novoice-${messageId}`} className="sr-only">
          {t('voice.noVoice')}
        </span>
      </span>
    );
  }

  return (
    // `contents`: the failure message wraps onto its own row of the message's controls, the button stays in line
    <span className="contents" data-voice-state={state}>
      <button
        type="button"
        aria-label={state === 'playing' ? t('voice.stopPlaying') : t('voice.play')}
        aria-pressed={state === 'playing'}
        disabled={state === 'generating'}
        onClick={toggle}
        className={iconButton}
      >
        {state === 'generating' ? <Spinner className="size-4" /> : state === 'playing' ? <StopIcon size={16} /> : <PlayIcon size={16} />}
      </button>
      {state === 'generating' && <span className="text-xs text-muted">{t('voice.generating')}</span>}
      {state === 'playing' && <span className="text-xs font-medium text-brand-700 dark:text-brand-300">{t('voice.playing')}</span>}
      {(state === 'failed' || state === 'lost') && (
        <span role="alert" className="flex basis-full flex-wrap items-center gap-1.5 rounded-xl bg-red-50 px-2.5 py-1.5 text-xs text-red-800">
          <span className="font-medium">{t(state === 'failed' ? 'voice.failed' : 'voice.lost')}</span>
          <Button size="sm" variant="secondary" className="!h-7 !px-3 !text-xs" icon={<RefreshIcon size={14} />} onClick={() => void generate(true)}>
            {t('voice.regenerate')}
          </Button>
          {state === 'failed' && (
            <Button size="sm" variant="secondary" className="!h-7 !px-3 !text-xs" onClick={onNewConversation}>
              {t('voice.newConversation')}
            </Button>
          )}
        </span>
      )}
      {src && (
        <audio
          ref={audio}
          src={staticUrl(src)}
          preload="none"
          onPlaying={() => setState('playing')}
          onPause={() => setState((s) => (s === 'playing' ? 'idle' : s))}
          onEnded={() => setState('idle')}
          onError={() => setState('lost')}
          className="hidden"
        />
      )}
    </span>
  );
}
