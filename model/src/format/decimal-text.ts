/**
 * A number typed into a form: digits with an optional sign and one decimal point (a comma is read as
 * one, as some phones' keypads offer only that). Anything else, blank included, is null: a form says
 * so beside the field rather than guessing a number.
 */
export function parseDecimalText(text: string): number | null {
  const trimmed = text.trim().replace(',', '.');
  if (!/^[-+]?(\d+(\.\d*)?|\.\d+)$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : null;
}
