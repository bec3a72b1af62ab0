// The report writes the reports list makes (New Report, delete). They need the report document's
// zod-checked code, so the list loads this module on first use rather than with its first paint.
export { createReport, setStatus } from '@plod/model';
