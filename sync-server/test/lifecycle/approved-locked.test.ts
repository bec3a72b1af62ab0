import { describe, expect, it } from 'vitest';
import type { ReportId } from '@plod/model';
import { startSecureServer } from '../auth/helpers.ts';
import type { SecureServer } from '../auth/helpers.ts';
import { closedAfterEach } from '../helpers.ts';

interface Summary {
  status: string;
  totalDepthDrilled: number;
  reopenReason: string | null;
}
interface HistoryEntry {
  field: string | null;
  old: unknown;
  new: unknown;
  actor: { kind: string; name: string } | null;
}

/** An approved plod is read-only to everyone over REST, until a supervisor reopens it with a reason. */
describe('approved plods are locked; Reopen', () => {
  const { keepServer } = closedAfterEach<SecureServer>();

  it('refuses every write to an approved plod with 409, supervisors included; Reopen makes it Submitted again', async () => {
    const live = keepServer(await startSecureServer());
    const boss = await live.signIn();
    const phone = await live.join('Rig 7 phone');
    const created = await live.call(phone, 'POST', '/api/shift-summaries', {
      date: '2026-03-02',
      totalDepthDrilled: 12,
    });
    expect(created.status).toBe(201);
    const id = (created.body as { id: ReportId }).id;
    const path = `/api/shift-summaries/${id}`;
    expect((await live.call(phone, 'PATCH', path, { status: 'sent' })).status).toBe(200);
    expect((await live.call(boss, 'POST', `${path}/approve`)).status).toBe(200);

    const refusals = [
      await live.call(boss, 'PATCH', path, { totalDepthDrilled: 13.5 }),
      await live.call(boss, 'PUT', path, { notes: 'late note' }),
      await live.call(boss, 'DELETE', path),
      await live.call(boss, 'POST', `/api/timesheet-entries?shiftSummaryId=${id}`, {
        activity: 'travel',
        startTime: '07:00',
        endTime: '09:00',
      }),
      await live.call(phone, 'PATCH', path, { notes: 'from the phone' }),
    ];
    for (const refused of refusals) {
      expect(refused.status).toBe(409);
      expect((refused.body as { message: string }).message).toMatch(/approved: it is read-only/);
    }
    const locked = (await live.call(boss, 'GET', path)).body as Summary;
    expect(locked).toMatchObject({ status: 'approved', totalDepthDrilled: 12 });

    // Reopen: supervisors only, with a reason.
    expect((await live.call(phone, 'POST', `${path}/reopen`, { reason: 'x' })).status).toBe(403);
    const noReason = await live.call(boss, 'POST', `${path}/reopen`, { reason: ' ' });
    expect(noReason.status).toBe(400);
    expect((noReason.body as { message: string }).message).toMatch(/reason is required/);
    const reopened = await live.call(boss, 'POST', `${path}/reopen`, {
      reason: 'Hours on the timesheet are wrong',
    });
    expect(reopened.status).toBe(200);
    expect(reopened.body).toMatchObject({
      status: 'sent',
      reopenReason: 'Hours on the timesheet are wrong',
    });
    expect((await live.call(boss, 'POST', `${path}/reopen`, { reason: 'again' })).status).toBe(409);
    const history = (await live.call(boss, 'GET', `${path}/history`)).body as {
      entries: HistoryEntry[];
    };
    expect(history.entries).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'status', old: 'approved', new: 'sent' }),
        expect.objectContaining({
          field: 'reopenReason',
          new: 'Hours on the timesheet are wrong',
          actor: expect.objectContaining({ kind: 'supervisor' }) as unknown,
        }),
      ]),
    );
    // Submitted again: a supervisor may change it once more (and approve it again).
    const fixed = await live.call(boss, 'PATCH', path, { totalDepthDrilled: 13.5 });
    expect(fixed.status).toBe(200);
    expect(fixed.body).toMatchObject({ totalDepthDrilled: 13.5 });
  });
});
