import { AgentGender } from '@starlit/contract/rules';
import { z } from 'zod';

/** The texts of an agent that are typed in the editor and saved as the user goes. */
export const DraftTexts = z.object({
  nickname: z.string(),
  gender: AgentGender,
  roleSetting: z.string(),
  opening: z.string(),
  roleIntro: z.string(),
});
export type DraftTexts = z.infer<typeof DraftTexts>;
export type DraftField = keyof DraftTexts;

/** Edits not yet confirmed by the server. */
export type PendingEdits = Partial<DraftTexts>;

/** The id under which edits of an agent that has no id yet are kept. */
export const NEW_AGENT = 'new';

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const keyOf = (agentId: string) => `starlit.agentDraft.${agentId}`;

/**
 * Unsaved edits kept in localStorage by agent id, so nothing typed is lost on a reload or a
 * failed request; an edit leaves the store only once the server has confirmed that value.
 */
export function createDraftStore(store: Store) {
  const read = (agentId: string): PendingEdits => {
    const raw = store.getItem(keyOf(agentId));
    if (!raw) return {};
    try {
      const parsed = DraftTexts.partial().safeParse(JSON.parse(raw));
      return parsed.success ? parsed.data : {};
    } catch {
      return {};
    }
  };
  const write = (agentId: string, edits: PendingEdits) => {
    if (Object.keys(edits).length === 0) store.removeItem(keyOf(agentId));
    else store.setItem(keyOf(agentId), JSON.stringify(edits));
  };
  return {
    read,
    /** Records one typed value. */
    edit(agentId: string, patch: PendingEdits) {
      write(agentId, { ...read(agentId), ...patch });
    },
    /** Forgets the edits the server saved, unless they were typed over since. */
    confirm(agentId: string, saved: PendingEdits) {
      const pending = read(agentId);
      for (const field of Object.keys(saved) as DraftField[]) {
        if (pending[field] === saved[field]) delete pending[field];
      }
      write(agentId, pending);
    },
    /** Carries edits of a new agent over to the id the server gave it. */
    move(from: string, to: string) {
      const edits = read(from);
      store.removeItem(keyOf(from));
      write(to, { ...edits, ...read(to) });
    },
  };
}
export type DraftStore = ReturnType<typeof createDraftStore>;
