// What GET /api/kpis answers: the server computes it, the desk's KPI page reads it.

/** Metres, hours and revenue of a group of plods, with the ratios the dashboard shows. */
export interface KpiFigures {
  shifts: number;
  metres: number;
  drillingHours: number;
  shiftHours: number;
  /** Drilling hours / shift hours in percent (one decimal), null without shift hours. */
  utilisation: number | null;
  /** The priced plods' charges in cents, null while none is priced. */
  revenueCents: number | null;
  revenuePerMetreCents: number | null;
  revenuePerShiftCents: number | null;
}

export interface Kpis {
  totals: KpiFigures;
  /** Per shift date and rig: metres per shift. */
  rigDays: (KpiFigures & {
    date: string | null;
    rigId: string | null;
    rigName: string | null;
    metresPerShift: number;
  })[];
  /** Per rig over the range: utilisation, revenue per metre and per shift. */
  rigs: (KpiFigures & { rigId: string | null; rigName: string | null })[];
  downtimeByCode: { code: string; group: string; hours: number }[];
  downtimeByGroup: { group: string; hours: number }[];
  metresPerBit: { bitSerial: string; metres: number }[];
  recoveryPerHole: { holeId: string; recovered: number; drilled: number; percent: number | null }[];
}
