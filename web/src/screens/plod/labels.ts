// Display words for the model's stored values: kebab-case codes become words a crew reads.

/** 'running-gear' -> 'Running Gear', 'in-progress' -> 'In Progress'. */
export function label(code: string): string {
  return code
    .split('-')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
}

/** Select options of a list of codes. */
export function optionsOf(codes: readonly string[]): { value: string; label: string }[] {
  return codes.map((value) => ({ value, label: label(value) }));
}
