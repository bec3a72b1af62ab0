import { PLOD_SCREEN_LIST } from './plod-screens';

/**
 * The steps of a shift in the order the crew guide walks them (the screens of plod-screens.ts that
 * are a step). Each screen's "Next" leads to the following one, so going from one step to the next
 * is one tap, not Back and a dashboard tile.
 */
const SHIFT_STEPS: readonly { segment: string; label: string }[] = PLOD_SCREEN_LIST.flatMap(
  (screen) => ('step' in screen ? [{ segment: screen.segment, label: screen.step }] : []),
);

/** The SPEC's other names for the same screens (their plain routes' last segments). */
const ALIASES: ReadonlyMap<string, string> = new Map(
  PLOD_SCREEN_LIST.flatMap(({ segment, plain }) =>
    plain
      .map((path) => path.split('/').at(-1) ?? '')
      .filter((last) => last !== segment && !last.startsWith(':'))
      .map((last) => [last, segment] as const),
  ),
);

/** Steps whose screen offers Next: the first (Shift Details) has Save & Continue, the last ends. */
const WITH_NEXT = new Set(SHIFT_STEPS.slice(1, -1).map((step) => step.segment));

/**
 * Where a step's Next goes, for its path: `/timesheets` -> `/downtime`, and under a plod's address
 * `/plods/{id}/timesheets` -> `/plods/{id}/downtime`. Null on any other screen.
 */
export function nextShiftStep(pathname: string): { to: string; label: string } | null {
  const parts = pathname.replace(/\/+$/, '').split('/');
  const last = parts.at(-1) ?? '';
  const segment = ALIASES.get(last) ?? last;
  if (!WITH_NEXT.has(segment)) return null;
  const index = SHIFT_STEPS.findIndex((step) => step.segment === segment);
  const next = SHIFT_STEPS[index + 1];
  if (!next) return null;
  return { to: [...parts.slice(0, -1), next.segment].join('/'), label: next.label };
}
