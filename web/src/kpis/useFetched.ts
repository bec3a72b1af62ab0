import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../auth';

/** The answer of `load` for `key` (loaded again when the key changes), or the message it failed with. */
export function useFetched<T>(key: string, load: () => Promise<T>) {
  const [state, setState] = useState<{ key: string; data: T | null; error: string | null }>({
    key: '',
    data: null,
    error: null,
  });
  // The key names everything load reads: a new load function for the same key asks nothing new.
  const latestLoad = useRef(load);
  useEffect(() => {
    latestLoad.current = load;
  });
  useEffect(() => {
    let live = true;
    latestLoad.current().then(
      (data) => live && setState({ key, data, error: null }),
      (error: unknown) =>
        live &&
        setState({
          key,
          data: null,
          error:
            error instanceof ApiError
              ? error.serverMessage
              : error instanceof Error
                ? error.message
                : String(error),
        }),
    );
    return () => {
      live = false;
    };
  }, [key]);
  return state.key === key ? state : { key, data: null, error: null };
}
