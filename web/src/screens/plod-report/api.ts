import { apiFetch, apiJson, jsonBody } from '../../auth';
import { attachmentFilename } from '../site-config/api';

const plodPath = (id: string) => `/api/shift-summaries/${encodeURIComponent(id)}`;

/** POST /api/shift-summaries/{id}/approve. */
export function approvePlod(id: string): Promise<unknown> {
  return apiJson(`${plodPath(id)}/approve`, { method: 'POST' });
}

/** POST /api/shift-summaries/{id}/return with the comment the crew will read. */
export function returnPlod(id: string, comment: string): Promise<unknown> {
  return apiJson(`${plodPath(id)}/return`, jsonBody('POST', { comment }));
}

/** POST /api/shift-summaries/{id}/reopen with why the approved plod is reopened (supervisors). */
export function reopenPlod(id: string, reason: string): Promise<unknown> {
  return apiJson(`${plodPath(id)}/reopen`, jsonBody('POST', { reason }));
}

/**
 * Downloads the server's PDF of the plod. Fetched rather than linked: a crew phone proves itself with
 * a token header, which a plain link cannot send.
 */
export async function downloadPlodPdf(id: string): Promise<string> {
  const response = await apiFetch(`${plodPath(id)}/pdf`, {
    headers: { Accept: 'application/pdf' },
  });
  const filename = attachmentFilename(response.headers.get('Content-Disposition'), 'plod.pdf');
  const url = URL.createObjectURL(await response.blob());
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = filename;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // After the click has handed the file over; revoking at once can cancel it in some browsers.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
  return filename;
}
