import type { UseFormReturnType } from '@mantine/form';
import { useEffect, useRef } from 'react';

/**
 * Keeps a form that edits a document in step with it: when the document's values change (another
 * phone's edit arriving, or the server's copy reaching a phone that opened its own older copy), every
 * field the person has not changed shows the new value, and the document's values become the form's
 * starting point, so a save still writes only what the person changed. A field the person changed
 * keeps their value. `latest` holds plain values (text, numbers, booleans, null).
 */
export function useFormFollowsDoc<T extends object>(
  form: Pick<UseFormReturnType<T>, 'isDirty' | 'setValues' | 'setInitialValues'>,
  latest: T,
): void {
  const key = JSON.stringify(latest);
  const seen = useRef(key);
  const { isDirty, setValues, setInitialValues } = form;
  useEffect(() => {
    if (seen.current === key) return;
    seen.current = key;
    const next = JSON.parse(key) as T;
    const untouched: Partial<T> = {};
    for (const field of Object.keys(next) as (keyof T & string)[]) {
      if (!isDirty(field)) untouched[field] = next[field];
    }
    // The changed fields stay as typed; the rest take the document's values.
    setValues(untouched);
    setInitialValues(next);
  }, [key, isDirty, setValues, setInitialValues]);
}
