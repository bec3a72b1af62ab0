/**
 * The transaction origin of every change a person makes on this device (`registry.mutate`). Changes
 * from IndexedDB and the network carry their provider as origin, so Undo can tell this phone's own
 * changes from a crewmate's: it tracks this origin alone.
 */
export const LOCAL_ORIGIN = Symbol('plod.local-change');
