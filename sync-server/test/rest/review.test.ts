import { describe, expect, it } from 'vitest';
import {
  addHoleToReport,
  addRun,
  encodeSignature,
  readReport,
  setStatus,
  signOffReport,
} from '@plod/model';
import type { HoleId } from '@plod/model';
import { closedAfterEach, connectClient, synced, waitFor } from '../helpers.ts';
import { demoSiteId, startSecureServer } from '../auth/helpers.ts';
import type { As, SecureServer } from '../auth/helpers.ts';
import { readPdf } from '../pdf.ts';

const HOLE = 'DH-REVIEW-7' as HoleId;
const SIGNATURE =
  encodeSignature([
    Array.from({ length: 60 }, (_, i) => ({ x: 20 + i * 9, y: 100 + Math.sin(i / 4) * 50 })),
    [
      { x: 100, y: 40 },
      { x: 140, y: 160 },
    ],
  ]) ?? '';

interface Report {
  status: string;
  totalDepthDrilled: number;
}

describe('approving, returning and printing a plod', () => {
  let server: SecureServer;
  const { clients, keepServer } = closedAfterEach<SecureServer>();

  const start = async () => {
    server = keepServer(await startSecureServer());
    const supervisor = await server.signIn();
    const device = await server.join('Rig phone');
    return { supervisor, device, siteId: await demoSiteId(server, supervisor) };
  };

  /** A plod a phone filled in, signed and submitted over its socket, as the app does. */
  const submittedPlod = async (device: As & { kind: 'device' }, siteId: string) => {
    const created = await server.call(device, 'POST', '/api/shift-summaries', {
      siteId,
      date: '2025-03-02',
      shiftType: 'day',
      startTime: '06:00',
      endTime: '18:00',
    });
    const id = (created.body as { id: string }).id;
    const phone = connectClient(server.url, `report:${id}`, { params: { token: device.token } });
    clients.push(phone);
    await synced(phone);
    addHoleToReport(phone.doc, { holeId: HOLE, targetDepth: 30 });
    addRun(phone.doc, HOLE, { style: 'run-sheet', rodAdded: true, stickUp: 0.5 });
    signOffReport(phone.doc, {
      signedBy: 'Sam Driller',
      certified: true,
      finalNotes: null,
      signature: SIGNATURE,
    });
    setStatus(phone.doc, 'sent', undefined, 'Sam Driller (Rig phone)');
    await waitFor(
      async () =>
        ((await server.call(device, 'GET', `/api/shift-summaries/${id}`)).body as Report).status ===
        'sent',
      'the submission reaches the server',
    );
    return { id, phone };
  };

  it('approves a submitted plod once: then it is locked (409), and a crew device may not (403)', async () => {
    const { supervisor, device, siteId } = await start();
    const { id, phone } = await submittedPlod(device, siteId);
    const byCrew = await server.call(device, 'POST', `/api/shift-summaries/${id}/approve`);
    expect(byCrew.status).toBe(403);
    const approved = await server.call(supervisor, 'POST', `/api/shift-summaries/${id}/approve`);
    expect(approved.status).toBe(200);
    expect((approved.body as Report).status).toBe('approved');
    await waitFor(() => readReport(phone.doc).status === 'approved', 'the phone hears of it');
    expect(readReport(phone.doc).statusSetBy).toBe('boss (supervisor)');
    const again = await server.call(supervisor, 'POST', `/api/shift-summaries/${id}/approve`);
    expect(again.status).toBe(409);
    expect((again.body as { message: string }).message).toMatch(/approved: it is read-only/);
    const back = await server.call(supervisor, 'POST', `/api/shift-summaries/${id}/return`, {
      comment: 'too late',
    });
    expect(back.status).toBe(409);
  });

  it('returns a submitted plod with a required comment that reaches the crew phone', async () => {
    const { supervisor, device, siteId } = await start();
    const { id, phone } = await submittedPlod(device, siteId);
    const path = `/api/shift-summaries/${id}/return`;
    for (const body of [{}, { comment: '   ' }, { comment: 7 }]) {
      const refused = await server.call(supervisor, 'POST', path, body);
      expect(refused.status).toBe(400);
      expect((refused.body as { message: string }).message).toMatch(/comment is required|comment/);
    }
    expect((await server.call(device, 'POST', path, { comment: 'Nope' })).status).toBe(403);
    const returned = await server.call(supervisor, 'POST', path, {
      comment: 'Run 1 needs its notes',
    });
    expect(returned.status).toBe(200);
    expect((returned.body as Report).status).toBe('returned');
    await waitFor(
      () => readReport(phone.doc).returnComment === 'Run 1 needs its notes',
      'the comment reaches the phone',
    );
    expect(readReport(phone.doc).status).toBe('returned');
    // Not submitted any more: a second return is refused.
    expect((await server.call(supervisor, 'POST', path, { comment: 'again' })).status).toBe(409);
    // The crew fixes and submits again; now it can be approved.
    setStatus(phone.doc, 'sent');
    await waitFor(
      async () =>
        ((await server.call(supervisor, 'GET', `/api/shift-summaries/${id}`)).body as Report)
          .status === 'sent',
      'the resubmission',
    );
    expect(
      (await server.call(supervisor, 'POST', `/api/shift-summaries/${id}/approve`)).status,
    ).toBe(200);
  });

  it('answers 404 for an unknown plod', async () => {
    const { supervisor } = await start();
    const unknown = '01a20000-0000-7000-8000-000000000000';
    expect(
      (await server.call(supervisor, 'POST', `/api/shift-summaries/${unknown}/approve`)).status,
    ).toBe(404);
  });

  it('prints the whole plod as a PDF with its holes, the override marker and the drawn signature', async () => {
    const { supervisor, device, siteId } = await start();
    const { id, phone } = await submittedPlod(device, siteId);
    // An override a supervisor typed after submission.
    const patched = await server.call(supervisor, 'PATCH', `/api/shift-summaries/${id}`, {
      totalDepthDrilled: 12.5,
    });
    expect(patched.status).toBe(200);
    await waitFor(() => readReport(phone.doc).overrides.totalDepthDrilled === 12.5, 'override');
    const res = await fetch(`${server.http}/api/shift-summaries/${id}/pdf`, {
      headers: { authorization: `Bearer ${device.token}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toMatch(/\.pdf"$/);
    const pdf = await readPdf(new Uint8Array(await res.arrayBuffer()));
    const text = pdf.text.join('\n');
    for (const expected of [
      'Demo Site',
      HOLE,
      `Runs of ${HOLE}`,
      'Timesheet',
      'Survey',
      'Maintenance',
      'Hire tools',
      'Sign-off',
      'Sam Driller',
      'Status: Sent by Sam Driller (Rig phone)',
      '12.5 m (overridden; runs add to 3.0 m)',
    ]) {
      expect(text).toContain(expected);
    }
    expect(pdf.figures).toEqual(['Signature of Sam Driller']);
    // The figure holds the strokes themselves, not an empty box.
    expect(pdf.figurePaths[0]).toBeGreaterThan(0);
  });
});
