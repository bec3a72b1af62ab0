import { createContext, useContext } from 'react';
import type { ReportId } from '@plod/model';
import { plodPath, type PlodScreen } from '../../routes/plod-paths';

/** The plod a report screen shows: the one its address names, open on this device. */
export interface OpenPlod {
  id: ReportId;
  /** Its document's name (`report:{id}`). */
  docName: string;
  /** Saved by a newer version of Plod: every screen shows it and offers no edits. */
  newerSchema: boolean;
}

export const PlodContext = createContext<OpenPlod | null>(null);

/** The plod of the address this screen is at; report screens render only inside its gate. */
export function usePlod(): OpenPlod {
  const plod = useContext(PlodContext);
  if (!plod) throw new Error('usePlod: a report screen rendered outside its plod gate');
  return plod;
}

/** Addresses of this plod's screens, for links that stay within the plod. */
export function usePlodPath(): (screen?: PlodScreen, search?: string) => string {
  const { id } = usePlod();
  return (screen = '', search = '') => plodPath(id, screen, search);
}
