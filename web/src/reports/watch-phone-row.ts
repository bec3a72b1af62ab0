import { classifyDocName } from '@plod/model';
import type { readListRow } from './list-row';
import { putPhoneRows } from './phone-rows';

// Keeps the phone's list row of an open plod current: written once its device copy is read and
// again a moment after each change (several keystrokes write once). Reading a plod needs the
// model's readers (list-row.ts), loaded with the first plod opened: a screen showing a plod has
// loaded them already.

const WRITE_AFTER_MS = 400;

type RowReader = typeof readListRow;
let reader: RowReader | null = null;
const loadReader = () =>
  import('./list-row').then((m) => {
    reader = m.readListRow;
    return m.readListRow;
  });

interface Watched {
  name: string;
  doc: Parameters<RowReader>[0];
  whenReady: Promise<void>;
}

/** Watches one open document; returns the stop. Documents other than plods are left alone. */
export function watchPhoneRow(entry: Watched): () => void {
  if (classifyDocName(entry.name).kind !== 'report') return () => {};
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const writeWith = (reader: RowReader) => {
    const row = reader(entry.doc);
    if (row) void putPhoneRows([row]);
  };
  const write = () => {
    timer = undefined;
    if (reader) return writeWith(reader);
    void loadReader().then((loaded) => {
      if (!stopped) writeWith(loaded);
    });
  };
  let ready = false;
  void entry.whenReady.then(() => {
    ready = true;
    write();
  });
  const onUpdate = () => {
    if (!ready) return;
    clearTimeout(timer);
    timer = setTimeout(write, WRITE_AFTER_MS);
  };
  entry.doc.on('update', onUpdate);
  return () => {
    entry.doc.off('update', onUpdate);
    // A change waiting to be written is written now, while the plod is still open.
    if (timer !== undefined) {
      clearTimeout(timer);
      if (reader) writeWith(reader);
    }
    stopped = true;
  };
}
