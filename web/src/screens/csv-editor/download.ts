/** Saves text as a file through a Blob link: works offline, no server round trip. */
export function downloadText(
  filename: string,
  text: string,
  type = 'text/csv;charset=utf-8',
): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the URL after click returns; release it on the next turn.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** A filename the person typed, made safe to save: always ends in .csv, never blank. */
export function safeCsvFilename(typed: string, fallback: string): string {
  const name = typed.trim().replace(/[\\/:*?"<>|]/g, '_');
  if (name === '') return fallback;
  return name.toLowerCase().endsWith('.csv') ? name : `${name}.csv`;
}
