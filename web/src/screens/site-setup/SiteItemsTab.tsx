import { Button, Card, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import type { Site, SiteId } from '@plod/model';
import { useState, type ReactNode } from 'react';
import { applyChange } from '../../setup/notify';
import type { SetupEditor } from '../../setup/useSetupEditor';
import { validateWith, type FieldSchema } from '../../setup/validate';
import { useConfirm } from '../../components/ConfirmModal';
import { FormModal } from '../../components/FormModal';
import { useWide } from '../../lib/useWide';

/** A form's values for one item kind. */
export type ItemValues = Record<string, string | number | boolean>;

/** What differs between the Rigs, Crew and Hire Tools tabs. */
export interface ItemKind<T extends { id: string }, V extends ItemValues> {
  /** In messages: 'rig', 'crew member', 'hire tool'. */
  noun: string;
  /** In the no-site prompt: 'rigs', 'crew', 'hire tools'. */
  plural: string;
  /** The add button: 'Add Rig'. */
  addLabel: string;
  /** The add modal's title: 'Add New Rig'. */
  addTitle: string;
  emptyValues: V;
  toValues: (item: T) => V;
  /** The model's schema for a new entry (the site is added to the values). */
  createSchema: FieldSchema;
  /** The model's schema for a change. */
  updateSchema: FieldSchema;
  name: (item: T) => string;
  /** The name as typed in the form (untrimmed). */
  valuesName: (values: V) => string;
  details: (item: T) => ReactNode;
  /** The desk table's columns after the name. */
  columns: readonly { header: string; cell: (item: T) => ReactNode }[];
  fields: (form: UseFormReturnType<V>) => ReactNode;
  /** The setup document's mutations for this kind; each throws when the model refuses. */
  add: (edit: SetupEditor, values: V, siteId: SiteId) => unknown;
  update: (edit: SetupEditor, id: T['id'], values: V) => unknown;
  remove: (edit: SetupEditor, id: T['id']) => unknown;
}

export interface SiteItemsTabProps<T extends { id: string }, V extends ItemValues> {
  kind: ItemKind<T, V>;
  site: Site | null;
  /** The selected site's entries. */
  items: readonly T[];
  edit: SetupEditor;
}

/**
 * A list of a site's rigs, crew or hire tools: add modal, inline edit and confirmed delete. Each
 * change is made on the device copy of the setup document and toasted; a refused one keeps its
 * form open with what was typed.
 */
export function SiteItemsTab<T extends { id: string }, V extends ItemValues>({
  kind,
  site,
  items,
  edit,
}: SiteItemsTabProps<T, V>) {
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<T['id'] | null>(null);
  const confirm = useConfirm();
  const wide = useWide();
  const capitalised = kind.noun.charAt(0).toUpperCase() + kind.noun.slice(1);
  const add = (values: V, siteId: SiteId) =>
    applyChange(
      () => kind.add(edit, values, siteId),
      [`${capitalised} added`, `"${kind.valuesName(values).trim()}" added`],
      `Failed to add ${kind.noun}`,
    );
  const update = (id: T['id'], values: V) =>
    applyChange(
      () => kind.update(edit, id, values),
      [`${capitalised} updated`, `"${kind.valuesName(values).trim()}" saved`],
      `Failed to update ${kind.noun}`,
    );
  const askDelete = (item: T) =>
    confirm.ask({
      title: `Delete ${kind.noun}`,
      message: `Are you sure you want to delete the ${kind.noun} "${kind.name(item)}"?`,
      confirmLabel: 'Delete',
      onConfirm: () =>
        void applyChange(
          () => kind.remove(edit, item.id),
          [`${capitalised} deleted`, `"${kind.name(item)}" deleted`],
          `Failed to delete ${kind.noun}`,
        ),
    });
  return (
    <Stack gap="md">
      <Button size="md" disabled={site === null} onClick={() => setAdding(true)}>
        {kind.addLabel}
      </Button>
      {site === null ? (
        <Text c="dimmed" size="md">
          Please select a site to view and manage {kind.plural}
        </Text>
      ) : items.length === 0 ? (
        <Text c="dimmed" size="md">
          No {kind.plural} at {site.siteName} yet.
        </Text>
      ) : wide ? (
        <ItemTable
          kind={kind}
          items={items}
          editing={editing}
          onEdit={setEditing}
          onSave={(id, values) => {
            if (update(id, values)) setEditing(null);
          }}
          onDelete={askDelete}
        />
      ) : (
        <Stack component="ul" gap="sm" p={0} m={0} aria-label={`${capitalised} list`}>
          {items.map((item) =>
            editing === item.id ? (
              <EditItem
                key={item.id}
                kind={kind}
                item={item}
                onSave={(values) => {
                  if (update(item.id, values)) setEditing(null);
                }}
                onCancel={() => setEditing(null)}
              />
            ) : (
              <Card key={item.id} component="li" withBorder aria-label={kind.name(item)}>
                <Stack gap={2}>
                  <Title order={3} fz="lg" style={{ overflowWrap: 'anywhere' }}>
                    {kind.name(item)}
                  </Title>
                  {kind.details(item)}
                  {/* Below the details, full width: big enough for a gloved thumb on a phone. */}
                  <Group grow mt="xs">
                    <Button variant="light" onClick={() => setEditing(item.id)}>
                      Edit
                    </Button>
                    <Button variant="light" color="red" onClick={() => askDelete(item)}>
                      Delete
                    </Button>
                  </Group>
                </Stack>
              </Card>
            ),
          )}
        </Stack>
      )}
      {site && (
        <AddItemModal
          kind={kind}
          opened={adding}
          siteId={site.id}
          onAdd={(values) => {
            const added = add(values, site.id);
            if (added) setAdding(false);
            return added;
          }}
          onCancel={() => setAdding(false)}
        />
      )}
      {confirm.modal}
    </Stack>
  );
}

/** Desk width: the entries as a table, Edit opening the form in the row's place. */
function ItemTable<T extends { id: string }, V extends ItemValues>({
  kind,
  items,
  editing,
  onEdit,
  onSave,
  onDelete,
}: {
  kind: ItemKind<T, V>;
  items: readonly T[];
  editing: T['id'] | null;
  onEdit: (id: T['id'] | null) => void;
  onSave: (id: T['id'], values: V) => void;
  onDelete: (item: T) => void;
}) {
  const capitalised = kind.noun.charAt(0).toUpperCase() + kind.noun.slice(1);
  return (
    <Paper withBorder radius="md">
      <Table striped verticalSpacing="xs" aria-label={`${capitalised} list`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            {kind.columns.map((column) => (
              <Table.Th key={column.header}>{column.header}</Table.Th>
            ))}
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) =>
            editing === item.id ? (
              <Table.Tr key={item.id}>
                <Table.Td colSpan={kind.columns.length + 2}>
                  <EditItem
                    kind={kind}
                    item={item}
                    onSave={(values) => onSave(item.id, values)}
                    onCancel={() => onEdit(null)}
                    inTable
                  />
                </Table.Td>
              </Table.Tr>
            ) : (
              <Table.Tr key={item.id} aria-label={kind.name(item)}>
                <Table.Td fw={700} style={{ overflowWrap: 'anywhere' }}>
                  {kind.name(item)}
                </Table.Td>
                {kind.columns.map((column) => (
                  <Table.Td key={column.header}>{column.cell(item)}</Table.Td>
                ))}
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Button variant="light" onClick={() => onEdit(item.id)}>
                      Edit
                    </Button>
                    <Button variant="light" color="red" onClick={() => onDelete(item)}>
                      Delete
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ),
          )}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}

function AddItemModal<T extends { id: string }, V extends ItemValues>({
  kind,
  opened,
  siteId,
  onAdd,
  onCancel,
}: {
  kind: ItemKind<T, V>;
  opened: boolean;
  siteId: SiteId;
  onAdd: (values: V) => boolean;
  onCancel: () => void;
}) {
  const form = useForm<V>({
    initialValues: kind.emptyValues,
    validate: validateWith<V>(kind.createSchema, { siteId }),
  });
  const close = () => {
    form.reset();
    onCancel();
  };
  return (
    <FormModal
      opened={opened}
      title={kind.addTitle}
      submitLabel="Create"
      onSubmit={form.onSubmit((values) => {
        if (onAdd(values)) form.reset();
      })}
      onCancel={close}
    >
      {kind.fields(form)}
    </FormModal>
  );
}

function EditItem<T extends { id: string }, V extends ItemValues>({
  kind,
  item,
  onSave,
  onCancel,
  inTable = false,
}: {
  kind: ItemKind<T, V>;
  item: T;
  onSave: (values: V) => void;
  onCancel: () => void;
  inTable?: boolean;
}) {
  const form = useForm<V>({
    initialValues: kind.toValues(item),
    validate: validateWith<V>(kind.updateSchema),
  });
  return (
    <Card component={inTable ? 'div' : 'li'} withBorder aria-label={`Edit ${kind.name(item)}`}>
      <form onSubmit={form.onSubmit(onSave)} noValidate>
        <Stack gap="sm">
          {kind.fields(form)}
          <Group grow>
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
            <Button type="submit">Save</Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
