import type { ReactNode } from 'react';
import { ScreenHeader } from '../../components/ScreenHeader';
import { changedFields } from './changes';
import { EntryList, InlineAdd, type EntryListProps, type RowActions } from './DataTable';
import { AddKindForm, EditKindModal, type EntryKind } from './entry-forms';
import { PlodBar } from './PlodBar';
import { usePlodPath } from './plod-context';
import { StatRow, type Stat } from './StatRow';

/**
 * An entry screen whose add form opens in place of its add button (hire tools, survey,
 * maintenance): the title, the part's figures, the plod bar, Add {noun}, the entries, and the edit
 * modal of the entry being edited (it saves only the fields changed).
 */
export function InlineEntryScreen<
  Row extends { id: string },
  V extends { notes: string },
  I extends object,
  P,
  K extends keyof I,
>({
  title,
  stats,
  notice,
  readOnly,
  entries,
  kind,
  fields,
  initial,
  values,
  editable,
  list,
}: {
  title: string;
  stats: readonly Stat[];
  /** Shown above the add button (the site's lists not downloaded yet). */
  notice?: ReactNode;
  readOnly: boolean;
  /** The screen's rows and writes, as `useEntryPart` gives them. */
  entries: {
    adding: boolean;
    setAdding: (open: boolean) => void;
    editing: Row | null;
    setEditing: (row: Row | null) => void;
    actions: RowActions<Row> | undefined;
    onAdd: (input: I) => boolean;
    onSave: (row: Row, patch: Partial<Pick<I, K>>) => boolean;
  };
  kind: EntryKind<V, I, P>;
  /** What the entry's fields need besides the form. */
  fields: P;
  /** A new entry's values. */
  initial: V;
  /** The form values of a stored entry. */
  values: (row: Row) => V;
  /** The fields an edit may change. */
  editable: readonly K[];
  list: Omit<EntryListProps<Row>, 'actions'>;
}) {
  const path = usePlodPath();
  const { editing, setAdding, setEditing } = entries;
  return (
    <>
      <ScreenHeader title={title} backTo={path()} />
      <StatRow stats={stats} />
      <PlodBar />
      {notice}
      <InlineAdd
        readOnly={readOnly}
        adding={entries.adding}
        label={`Add ${kind.noun}`}
        onOpen={() => setAdding(true)}
        form={
          <AddKindForm
            kind={kind}
            initial={initial}
            fields={fields}
            onAdd={entries.onAdd}
            onCancel={() => setAdding(false)}
          />
        }
      />
      <EntryList {...list} actions={entries.actions} />
      {editing && (
        <EditKindModal
          key={editing.id}
          kind={kind}
          initial={values(editing)}
          fields={fields}
          onSave={(before, after) =>
            entries.onSave(editing, changedFields(before, after, editable))
          }
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}
