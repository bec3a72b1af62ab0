/**
 * Unicode bidirectional controls: embeddings and overrides (U+202A-U+202E), isolates
 * (U+2066-U+2069) and the marks (U+200E, U+200F, U+061C). In a name they can make text read
 * differently from what it holds (a right-to-left override turns `gpj.exe` around), so names taken
 * from requests, and cells written to CSV, drop them.
 */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/g;

/** The text without bidirectional control characters. */
export function stripBidiControls(text: string): string {
  return text.replace(BIDI_CONTROLS, '');
}
