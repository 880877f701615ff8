import { calls, type Agent } from '@starlit/contract';
import { AgentGender, AgentNickname, Opening, RoleIntro, RoleSetting } from '@starlit/contract/rules';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { setCallData } from '../../../api/keys';
import { callApi, isOk } from '../../../api/client';
import { updateShadow } from '../../../api/shadow';
import { createAutosave, type SaveState } from './autosave';
import { createDraftStore, NEW_AGENT, type DraftField, type DraftTexts, type PendingEdits } from './draft-store';

type AgentData = z.infer<typeof Agent>;

/** The contract schema each typed field is checked with before it is sent. */
const SCHEMAS = { nickname: AgentNickname, gender: AgentGender, roleSetting: RoleSetting, opening: Opening, roleIntro: RoleIntro } as const;

const EMPTY: DraftTexts = { nickname: '', gender: 'Unknown', roleSetting: '', opening: '', roleIntro: '' };

function textsOf(agent: AgentData | null): DraftTexts {
  if (!agent) return EMPTY;
  return { nickname: agent.nickname, gender: agent.gender, roleSetting: agent.roleSetting, opening: agent.opening, roleIntro: agent.roleIntro };
}

/** Only the fields that pass their contract schema, so one bad field does not block the rest. */
function validEdits(texts: PendingEdits): PendingEdits {
  const out: Record<string, string> = {};
  for (const [field, value] of Object.entries(texts) as [DraftField, string][]) {
    if (SCHEMAS[field].safeParse(value).success) out[field] = value;
  }
  return out as PendingEdits;
}

/**
 * The state of the editor: typed texts (server values under local unsaved edits), the
 * autosave with its status, the server's refusal, and the agent once it exists.
 */
export function useAgentEditor(initial: AgentData | null) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const drafts = useMemo(() => createDraftStore(window.localStorage), []);
  const idRef = useRef<string | null>(initial?.id ?? null);
  const [agent, setAgentState] = useState<AgentData | null>(initial);
  const restored = useMemo(() => drafts.read(initial?.id ?? NEW_AGENT), [drafts, initial?.id]);
  const [texts, setTexts] = useState<DraftTexts>(() => ({ ...textsOf(initial), ...restored }));
  const textsRef = useRef(texts);
  const [saveState, setSaveState] = useState<SaveState>('idle');
  const [refusal, setRefusal] = useState('');
  // the first edit of a published agent waits for the owner's yes (decision 0015)
  const agentRef = useRef(initial);
  const editConfirmed = useRef(false);
  const [waitingEdit, setWaitingEdit] = useState<(() => void) | null>(null);
  const [tookOffList, setTookOffList] = useState(false);

  const setAgent = useCallback(
    (next: AgentData) => {
      const before = agentRef.current?.status;
      if (before === 'published' && next.status === 'draft') setTookOffList(editConfirmed.current);
      // published anew: the next edit asks again
      if (before !== 'published' && next.status === 'published') {
        editConfirmed.current = false;
        setTookOffList(false);
      }
      agentRef.current = next;
      setAgentState(next);
      // the one cached copy of the agent, and its name and flags wherever a list shows it
      setCallData(queryClient, calls.agents.get, { id: next.id }, next);
      updateShadow(queryClient, 'agent', next.id, { nickname: next.nickname, tags: next.tags, isPublic: next.isPublic, status: next.status, publishedAt: next.publishedAt });
    },
    [queryClient],
  );

  /** Runs an edit at once, or, for the first edit of a published agent, once the owner confirms it. */
  const guardEdit = useCallback((edit: () => void) => {
    if (editConfirmed.current || agentRef.current?.status !== 'published') return edit();
    setWaitingEdit(() => edit);
  }, []);

  const answerEdit = useCallback(
    (confirmed: boolean) => {
      setWaitingEdit(null);
      if (!confirmed || !waitingEdit) return;
      editConfirmed.current = true;
      waitingEdit();
    },
    [waitingEdit],
  );

  const autosave = useMemo(
    () =>
      createAutosave<DraftTexts>({
        onState: setSaveState,
        save: async (edits) => {
          const id = idRef.current;
          if (id === null) {
            // a new agent is created with every valid text typed so far, once it has a name
            const all = validEdits(textsRef.current);
            if (all.nickname === undefined) return true;
            const created = await callApi(calls.agents.create, { ...all, nickname: all.nickname });
            if (!isOk(created)) {
              setRefusal(created.message);
              return false;
            }
            idRef.current = created.data.id;
            drafts.move(NEW_AGENT, created.data.id);
            drafts.confirm(created.data.id, all);
            setAgent(created.data);
            setRefusal('');
            navigate(`/agent/${created.data.id}`, { replace: true });
            return true;
          }
          const result = await callApi(calls.agents.update, { id, ...edits });
          if (!isOk(result)) {
            setRefusal(result.message);
            return false;
          }
          drafts.confirm(id, edits);
          setAgent(result.data);
          setRefusal('');
          return true;
        },
      }),
    [drafts, navigate, setAgent],
  );

  useEffect(() => () => void autosave.flush(), [autosave]);

  // edits restored from this device are sent again as soon as the page opens
  useEffect(() => {
    const valid = validEdits(restored);
    if (Object.keys(valid).length > 0) autosave.edit(valid);
  }, [autosave, restored]);

  const setText = useCallback(
    <F extends DraftField>(field: F, value: DraftTexts[F]) =>
      guardEdit(() => {
        const next = { ...textsRef.current, [field]: value };
        textsRef.current = next;
        setTexts(next);
        drafts.edit(idRef.current ?? NEW_AGENT, { [field]: value });
        const valid = validEdits({ [field]: value });
        if (valid[field] !== undefined) autosave.edit(valid);
      }),
    [autosave, drafts, guardEdit],
  );

  /** Reads the agent again after a change made through another call (avatar). */
  const refresh = useCallback(async () => {
    const id = idRef.current;
    if (id === null) return;
    const result = await callApi(calls.agents.get, { id });
    if (isOk(result)) setAgent(result.data);
  }, [setAgent]);

  return {
    agent,
    setAgent,
    refresh,
    texts,
    setText,
    saveState,
    refusal,
    guardEdit,
    /** Whether the confirmation of a first edit of a published agent is open. */
    confirmingEdit: waitingEdit !== null,
    answerEdit,
    /** An edit took the published agent off the public list (it is a draft until published again). */
    tookOffList,
    hadLocalEdits: Object.keys(restored).length > 0,
    /** A typed field breaks a rule, so it is kept on this device but not sent. */
    hasInvalid: Object.keys(validEdits(texts)).length < Object.keys(texts).length,
    retry: () => void autosave.flush(),
    /** Saves what is waiting before an action that reads the server's copy (audition, publish). */
    flush: () => autosave.flush(),
  };
}
export type AgentEditorState = ReturnType<typeof useAgentEditor>;
