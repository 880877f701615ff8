/** The manage mode's checked agents: a set of ids kept in the order of the list. */
export type Selection = ReadonlySet<string>;

/** Checks or unchecks one agent. */
export function toggle(selection: Selection, id: string): Selection {
  const next = new Set(selection);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

/** "Select all" checks every listed agent; when all are already checked it clears them. */
export function toggleAll(selection: Selection, ids: readonly string[]): Selection {
  return allSelected(selection, ids) ? new Set() : new Set(ids);
}

/** Whether every listed agent is checked (false for an empty list). */
export function allSelected(selection: Selection, ids: readonly string[]): boolean {
  return ids.length > 0 && ids.every((id) => selection.has(id));
}

/** Drops ids no longer listed (deleted elsewhere, or gone after a refetch). */
export function keepListed(selection: Selection, ids: readonly string[]): Selection {
  const listed = new Set(ids);
  const next = [...selection].filter((id) => listed.has(id));
  return next.length === selection.size ? selection : new Set(next);
}
