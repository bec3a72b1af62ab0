import { changedFields } from './changes';
import type { EntryModalProps, EntryValues } from './EntryModal';

/** An entry screen's rows and writes, as `useEntryPart` gives them. */
interface EntryState<Row, V, K extends keyof V, Copy> {
  adding: boolean;
  setAdding: (open: boolean) => void;
  setEditing: (row: Row | null) => void;
  onAdd: (input: V & Partial<Copy>) => boolean;
  onSave: (row: Row, patch: Partial<Pick<V, K>> & Partial<Copy>) => boolean;
}

/** How the entries of a screen name an item of the site's list. */
interface SiteList<Row, Item, V extends EntryValues, K extends keyof V, Copy> {
  /** The site's list. */
  items: readonly Item[];
  /** The item's copy an entry keeps (its name, unit, price, group...). */
  copy: (item: Item) => Copy;
  /** The id of the item the form's values pick (none where an edit left it alone). */
  picked: (values: Partial<Pick<V, K>>) => string | undefined;
  /** An entry's own item, from its copy: offered when the site's list no longer holds it. */
  own: (row: Row) => Item;
  /** The form values of a stored entry. */
  values: (row: Row) => V;
  /** The fields an edit may change. */
  editable: readonly K[];
  /** The hole being drilled: a new entry is on it unless changed. */
  defaultHoleId?: string;
}

/**
 * The add and edit modals of an entry screen whose entries name an item of the site's list (a
 * consumable, a downtime code). An entry keeps a copy of its item, written with the add and with an
 * edit that picks another item.
 */
export function siteListModals<
  Row extends { id: string },
  Item extends { id: string },
  V extends EntryValues,
  K extends keyof V,
  Copy extends object,
>(entries: EntryState<Row, V, K, Copy>, list: SiteList<Row, Item, V, K, Copy>) {
  const { items, copy, picked } = list;
  const copyOf = (values: Partial<Pick<V, K>>): Partial<Copy> => {
    const id = picked(values);
    const item = id === undefined ? undefined : items.find((i) => i.id === id);
    return item ? copy(item) : {};
  };
  const add: EntryModalProps<V> & { items: readonly Item[] } = {
    opened: entries.adding,
    items,
    onClose: () => entries.setAdding(false),
    onSave: (values) => entries.onAdd({ ...values, ...copyOf(values) }),
    defaultHoleId: list.defaultHoleId,
  };
  const edit = (row: Row): EntryModalProps<V> & { items: readonly Item[] } => {
    const own = list.own(row);
    return {
      opened: true,
      items: items.some((i) => i.id === own.id) ? items : [...items, own],
      entry: list.values(row),
      onClose: () => entries.setEditing(null),
      onSave: (values) => {
        const patch = changedFields(list.values(row), values, list.editable);
        return entries.onSave(row, { ...patch, ...copyOf(patch) });
      },
    };
  };
  return { add, edit };
}
