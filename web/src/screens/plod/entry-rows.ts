import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useMutation, type Mutation } from '../../sync';
import { isEmptyPatch } from './changes';
import type { RowActions } from './DataTable';

/** Tells the person a change to the plod failed (a red toast). */
export const showFailure = (message: string) =>
  notifications.show({ color: 'red', title: 'Error', message });

/**
 * Makes a change to the plod; when the model refuses it, tells the person `failure` and answers
 * false, so the form that asked for it stays open.
 */
export function attempt(change: () => void, failure: string): boolean {
  try {
    change();
    return true;
  } catch {
    showFailure(failure);
    return false;
  }
}

/** Writes an edit's changed fields, nothing when none changed; false (and a toast) on a failure. */
export function savePatch<Id, P extends object>(
  update: (id: Id, patch: P) => unknown,
  id: Id,
  patch: P,
  failure: string,
): boolean {
  return attempt(() => {
    if (!isEmptyPatch(patch)) update(id, patch);
  }, failure);
}

/**
 * The state an entry screen keeps for its rows: whether the add form is open, the row being edited,
 * and each row's Edit and Delete (none on a read-only plod).
 */
export function useEntryRows<Row extends { id: unknown }>(
  readOnly: boolean,
  rows: { noun: string; describe: (row: Row) => string; remove: (id: Row['id']) => unknown },
) {
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<Row | null>(null);
  const actions: RowActions<Row> | undefined = readOnly
    ? undefined
    : {
        noun: rows.noun,
        describe: rows.describe,
        onEdit: setEditing,
        onDelete: (row) => void rows.remove(row.id),
      };
  return { adding, setAdding, editing, setEditing, actions };
}

/** What an entry screen writes to its part of the plod: the model's add, update and remove. */
interface EntryWrites<Row extends { id: unknown }, In, Patch extends object> {
  add: Mutation<[input: In]>;
  update: Mutation<[id: Row['id'], patch: Patch]>;
  remove: Mutation<[id: Row['id']]>;
}

/**
 * An entry screen's rows (useEntryRows) with their writes: `onAdd` adds a row and closes the add
 * form, `onSave` writes an edit's changed fields; each tells the person when the model refuses
 * ("Failed to add {noun}", "Failed to save the {noun}") and answers false.
 */
export function useEntryPart<Row extends { id: unknown }, In, Patch extends object>(
  docName: string,
  readOnly: boolean,
  part: EntryWrites<Row, In, Patch>,
  {
    noun,
    describe,
    addFailure = `Failed to add ${noun}`,
  }: {
    noun: string;
    describe: (row: Row) => string;
    /** The add's failure, where it differs from "Failed to add {noun}". */
    addFailure?: string;
  },
) {
  const add = useMutation(docName, part.add);
  const update = useMutation(docName, part.update);
  const remove = useMutation(docName, part.remove);
  const rows = useEntryRows(readOnly, { noun, describe, remove });
  const { setAdding } = rows;
  const onAdd = (input: In) =>
    attempt(() => {
      add(input);
      setAdding(false);
    }, addFailure);
  const onSave = (row: Row, patch: Patch) =>
    savePatch(update, row.id, patch, `Failed to save the ${noun}`);
  return { ...rows, onAdd, onSave };
}
