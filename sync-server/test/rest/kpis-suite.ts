import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PlodCharges } from '@plod/model';
import { type Api, demoApi } from './helpers.ts';
import { addSite, demoSiteId, startSecureServer } from '../auth/helpers.ts';
import type { SecureServer } from '../auth/helpers.ts';
import type { AppTablesBackend } from '../support/app-tables.ts';
import type { ServerOptions } from '../../src/server.ts';
import { GAP_RANGE_MESSAGE, GAP_RANGE_TOO_LONG } from '../../src/routes/kpis.ts';
import type { Kpis } from '@plod/model';

// GET /api/kpis and /api/shift-gaps over plods written through REST (so through the model), and
// PUT /api/rosters, with the app tables of a backend (SQLite and PostgreSQL). 2026-11-02 is a
// Monday.

interface Gaps {
  lateAfterHours: number;
  missing: { siteId: string; rigId: string; rigName: string; date: string; shiftType: string }[];
  late: { id: string; rigId: string; date: string; shiftType: string; hoursLate: number }[];
}

/** The KPI, roster and missing-shift routes on the app tables of `backend`. */
export function kpisSuite(backend: AppTablesBackend): void {
  describe(`KPIs and missing shifts (${backend.label})`, () => {
    let options: ServerOptions = {};
    let api: Api;
    let otherRig: string;

    async function ok(method: string, path: string, body?: unknown) {
      const res = await api.call(method, path, body);
      expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
      return res.body as { id: string };
    }

    /**
     * Monday's day shift of the demo rig: 6 m in two runs on KPI-1 with bit KP-1 in from 0 and 2.9 m
     * of core from the first 3 m run, 8 h drilling and 2 h client standby. Tuesday's night shift:
     * 3 m on KPI-2 without recovery or timesheet. A deleted plod of the other rig on Monday.
     */
    async function plods() {
      const monday = await api.report({ date: '2026-11-02', shiftType: 'day' });
      const q = `?shiftSummaryId=${monday}`;
      await ok('POST', '/api/hole-config', { holeId: 'KPI-1', constantStickUp: 0 });
      await ok('POST', '/api/hole-config', { holeId: 'KPI-2', constantStickUp: 0 });
      await ok('POST', `/api/bit-changes${q}`, {
        bitSerial: 'kp-1',
        holeId: 'KPI-1',
        action: 'in',
        depth: 0,
      });
      await ok('POST', `/api/run-sheet-entries${q}`, {
        holeId: 'KPI-1',
        stickUp: 1,
        recoveredLength: 2.9,
      });
      await ok('POST', `/api/run-sheet-entries${q}`, {
        holeId: 'KPI-1',
        rodAdded: true,
        stickUp: 0,
      });
      await ok('POST', `/api/timesheet-entries${q}`, { startTime: '06:00', endTime: '14:00' });
      const codes = (await api.call('GET', `/api/downtime-codes?siteId=${api.siteId}`)).body as {
        id: string;
        name: string;
      }[];
      const standby = codes.find((c) => c.name === 'Client standby');
      await ok('POST', `/api/downtime-entries${q}`, {
        codeId: standby?.id,
        startTime: '14:00',
        endTime: '16:00',
      });
      const tuesday = await api.report({
        date: '2026-11-03',
        shiftType: 'night',
        startTime: '18:00',
        endTime: '06:00',
      });
      await ok('POST', `/api/run-sheet-entries?shiftSummaryId=${tuesday}`, {
        holeId: 'KPI-2',
        stickUp: 1,
      });
      const deleted = await api.report({ date: '2026-11-02', rigId: otherRig });
      await ok('POST', `/api/run-sheet-entries?shiftSummaryId=${deleted}`, { holeId: 'KPI-2' });
      await ok('DELETE', `/api/shift-summaries/${deleted}`);
      return { monday, tuesday };
    }

    beforeEach(async () => {
      options = await backend.prepare();
      api = await demoApi(options);
      otherRig = (await ok('POST', '/api/rigs', { siteId: api.siteId, rigName: 'Rig Two' })).id;
    });
    afterEach(async () => {
      await api.close();
      await backend.cleanup();
    });

    describe('GET /api/kpis', () => {
      it('sums metres, utilisation, downtime, metres per bit and recovery over the plods of the range', async () => {
        await plods();
        const res = await api.call('GET', '/api/kpis?from=2026-11-01&to=2026-11-30');
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        const kpis = res.body as Kpis;
        expect(kpis.totals).toEqual({
          shifts: 2,
          metres: 9,
          drillingHours: 8,
          shiftHours: 10,
          utilisation: 80,
          revenueCents: null,
          revenuePerMetreCents: null,
          revenuePerShiftCents: null,
        });
        expect(kpis.rigDays.map((d) => [d.date, d.rigId, d.shifts, d.metresPerShift])).toEqual([
          ['2026-11-02', api.rigId, 1, 6],
          ['2026-11-03', api.rigId, 1, 3],
        ]);
        expect(kpis.rigs).toMatchObject([
          { rigId: api.rigId, shifts: 2, metres: 9, utilisation: 80 },
        ]);
        expect(kpis.downtimeByCode).toEqual([
          { code: 'Client standby', group: 'client-standby', hours: 2 },
        ]);
        expect(kpis.downtimeByGroup).toEqual([{ group: 'client-standby', hours: 2 }]);
        expect(kpis.metresPerBit).toEqual([{ bitSerial: 'KP-1', metres: 6 }]);
        expect(kpis.recoveryPerHole).toEqual([
          { holeId: 'KPI-1', recovered: 2.9, drilled: 3, percent: 96.7 },
        ]);
      });

      it('narrows to a rig and a range, and follows an edit of a plod', async () => {
        const { tuesday } = await plods();
        const tue = (await api.call('GET', '/api/kpis?from=2026-11-03&to=2026-11-03')).body as Kpis;
        expect(tue.totals.metres).toBe(3);
        expect(tue.metresPerBit).toEqual([]);
        const other = (await api.call('GET', `/api/kpis?rigId=${otherRig}`)).body as Kpis;
        expect(other.totals.shifts).toBe(0);
        await ok('POST', `/api/run-sheet-entries?shiftSummaryId=${tuesday}`, {
          holeId: 'KPI-2',
          rodAdded: true,
          stickUp: 0,
        });
        const after = (await api.call('GET', '/api/kpis?from=2026-11-03&to=2026-11-03'))
          .body as Kpis;
        expect(after.totals.metres).toBe(6);
      });

      it('answers bad dates with 400 and a message', async () => {
        for (const query of ['from=2026-02-30', 'from=2026-11-05&to=2026-11-01', 'to=yesterday']) {
          const res = await api.call('GET', `/api/kpis?${query}`);
          expect(res.status, query).toBe(400);
          expect(res.body).toHaveProperty('message');
        }
      });
    });

    describe('revenue from the plods’ charges', () => {
      /** Every NQ metre at $100, drilling hours at $50. */
      const RATES = {
        metreRates: [{ holeSize: 'NQ', fromDepth: 0, toDepth: 600, rateCents: 10_000 }],
        hourlyRates: [{ activity: 'drilling', rateCents: 5_000 }],
      };
      /** The metre rate raised to $250. */
      const RAISED = {
        ...RATES,
        metreRates: [{ holeSize: 'NQ', fromDepth: 0, toDepth: 600, rateCents: 25_000 }],
      };
      const contract = async () =>
        (
          await ok('POST', '/api/contracts', {
            siteId: api.siteId,
            clientName: 'Acme Gold',
            contractNumber: 'AG-1',
          })
        ).id;
      const version = (contractId: string, effectiveFrom: string, rates: typeof RATES) =>
        ok('POST', `/api/contracts/${contractId}/versions`, { effectiveFrom, rates });
      const charges = async (id: string) => {
        const res = await api.call('GET', `/api/shift-summaries/${id}/charges`);
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        return res.body as PlodCharges;
      };
      const total = async (...ids: string[]) => {
        let sum = 0;
        for (const id of ids) sum += (await charges(id)).totalCents;
        return sum;
      };
      const kpis = async () => {
        const res = await api.call('GET', '/api/kpis?from=2026-11-01&to=2026-11-30');
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        return res.body as Kpis;
      };

      it('is a plod’s charges total, per metre and per shift over the priced plods; a plod with no contract in force stays out', async () => {
        const { monday, tuesday } = await plods();
        await version(await contract(), '2026-11-03', RATES);
        // Monday is before the version: no contract in force, so no revenue (not 0).
        expect(await charges(monday)).toMatchObject({ version: null, totalCents: 0 });
        const tuesdayCents = await total(tuesday);
        // Tuesday: 3 m at $100 (it has no timesheet).
        expect(tuesdayCents).toBe(30_000);
        const { totals, rigDays, rigs } = await kpis();
        expect(totals).toMatchObject({
          shifts: 2,
          metres: 9,
          revenueCents: tuesdayCents,
          revenuePerMetreCents: Math.round(tuesdayCents / 3),
          revenuePerShiftCents: tuesdayCents,
        });
        expect(rigDays.map((d) => [d.date, d.revenueCents, d.revenuePerShiftCents])).toEqual([
          ['2026-11-02', null, null],
          ['2026-11-03', tuesdayCents, tuesdayCents],
        ]);
        expect(rigs).toMatchObject([{ rigId: api.rigId, revenueCents: tuesdayCents }]);
      });

      it('follows a change of the contract without an edit of the plod, and an edit of the plod', async () => {
        const { monday, tuesday } = await plods();
        const contractId = await contract();
        await version(contractId, '2026-11-01', RATES);
        const first = await kpis();
        // Monday: 6 m at $100 and 8 drilling hours at $50; Tuesday: 3 m at $100.
        expect(first.totals).toMatchObject({
          revenueCents: 130_000,
          revenuePerMetreCents: Math.round(130_000 / 9),
          revenuePerShiftCents: 65_000,
        });
        expect(first.totals.revenueCents).toBe(await total(monday, tuesday));
        const plodBefore = (await api.call('GET', `/api/shift-summaries/${tuesday}`)).body;

        // From Tuesday the metre rate is raised: Tuesday is priced again, Monday stays.
        const raised = await version(contractId, '2026-11-03', RAISED);
        const second = await kpis();
        expect(second.totals.revenueCents).toBe(await total(monday, tuesday));
        expect(second.totals.revenueCents).toBe(130_000 - 30_000 + 75_000);
        expect((await api.call('GET', `/api/shift-summaries/${tuesday}`)).body).toEqual(plodBefore);

        // Deleting that version prices it as before.
        await ok('DELETE', `/api/contracts/${contractId}/versions/${raised.id}`);
        expect((await kpis()).totals.revenueCents).toBe(130_000);

        // A run added to Tuesday: 3 m more.
        await ok('POST', `/api/run-sheet-entries?shiftSummaryId=${tuesday}`, {
          holeId: 'KPI-2',
          rodAdded: true,
          stickUp: 0,
        });
        const edited = await kpis();
        expect(edited.totals.revenueCents).toBe(await total(monday, tuesday));
        expect(edited.totals).toMatchObject({ metres: 12, revenueCents: 160_000 });

        // Without the contract no plod is priced.
        await ok('DELETE', `/api/contracts/${contractId}`);
        expect((await kpis()).totals).toMatchObject({
          revenueCents: null,
          revenuePerMetreCents: null,
          revenuePerShiftCents: null,
        });
      });
    });

    describe('rosters and GET /api/shift-gaps', () => {
      const cell = (rigId: string, weekday: number, shiftType: string, expected = true) => ({
        siteId: api.siteId,
        rigId,
        weekday,
        shiftType,
        expected,
      });

      it('lists a rostered rig-shift without a plod, and a plod submitted late', async () => {
        const { tuesday } = await plods();
        const put = await api.call('PUT', '/api/rosters', {
          cells: [cell(api.rigId, 1, 'day'), cell(otherRig, 1, 'day'), cell(api.rigId, 2, 'night')],
        });
        expect(put.status, JSON.stringify(put.body)).toBe(200);
        expect(put.body).toHaveLength(3);
        await ok('PUT', `/api/shift-summaries/${tuesday}`, { status: 'sent' });
        const res = await api.call(
          'GET',
          `/api/shift-gaps?from=2026-11-02&to=2026-11-03&siteId=${api.siteId}`,
        );
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        const gaps = res.body as Gaps;
        // The other rig's Monday plod was deleted: the shift is missing.
        expect(gaps.missing).toEqual([
          expect.objectContaining({
            siteId: api.siteId,
            rigId: otherRig,
            rigName: 'Rig Two',
            date: '2026-11-02',
            shiftType: 'day',
          }),
        ]);
        expect(gaps.late).toEqual([
          expect.objectContaining({ id: tuesday, rigId: api.rigId, shiftType: 'night' }),
        ]);
        expect(gaps.late[0]?.hoursLate).toBeGreaterThan(gaps.lateAfterHours);
        // Clearing a cell takes its shifts off the list.
        await ok('PUT', '/api/rosters', { cells: [cell(otherRig, 1, 'day', false)] });
        const cleared = (await api.call('GET', '/api/shift-gaps?from=2026-11-02&to=2026-11-03'))
          .body as Gaps;
        expect(cleared.missing).toEqual([]);
      });

      it('answers a missing, impossible or too long range with 400, and an unknown rig with 404', async () => {
        const cases: [string, string][] = [
          ['from=2026-11-02', GAP_RANGE_MESSAGE],
          ['from=2026-11-31&to=2026-12-01', ''],
          ['from=2025-01-01&to=2026-12-31', GAP_RANGE_TOO_LONG],
        ];
        for (const [query, message] of cases) {
          const res = await api.call('GET', `/api/shift-gaps?${query}`);
          expect(res.status, query).toBe(400);
          expect(JSON.stringify(res.body)).toContain(message);
        }
        const bad = await api.call('PUT', '/api/rosters', { cells: [cell(api.rigId, 8, 'day')] });
        expect(bad.status).toBe(400);
        const unknown = await api.call('PUT', '/api/rosters', {
          cells: [cell('01a20000-0000-7000-8000-000000000000', 1, 'day')],
        });
        expect(unknown.status).toBe(404);
      });
    });
  });

  describe(`KPI and missing-shift access (${backend.label})`, () => {
    let server: SecureServer;
    beforeEach(async () => {
      server = await startSecureServer(await backend.prepare());
    });
    afterEach(async () => {
      await server.close();
      await backend.cleanup();
    });

    it('refuses crew devices, and shows a client account its own sites alone', async () => {
      const supervisor = await server.signIn();
      const demoSite = await demoSiteId(server, supervisor);
      const rigs = (await server.call(supervisor, 'GET', '/api/rigs')).body as { id: string }[];
      const rigId = rigs[0]?.id ?? '';
      const far = await addSite(server, supervisor, 'Far Ridge');
      await server.call(supervisor, 'POST', '/api/shift-summaries', {
        siteId: demoSite,
        rigId,
        date: '2026-11-03',
      });
      const roster = await server.call(supervisor, 'PUT', '/api/rosters', {
        cells: [{ siteId: demoSite, rigId, weekday: 1, shiftType: 'day', expected: true }],
      });
      expect(roster.status).toBe(200);
      await server.call(supervisor, 'POST', '/api/client-accounts', {
        username: 'far-client',
        password: 'client password 9',
        siteIds: [far],
      });
      const client = await server.signInClient('far-client', 'client password 9');
      const device = await server.join('Crew phone');
      const kpis = '/api/kpis?from=2026-11-01&to=2026-11-30';
      const gaps = '/api/shift-gaps?from=2026-11-02&to=2026-11-03';
      expect((await server.call(device, 'GET', kpis)).status).toBe(403);
      expect((await server.call(device, 'GET', gaps)).status).toBe(403);
      expect((await server.call(device, 'GET', '/api/rosters')).status).toBe(403);
      expect((await server.call(client, 'GET', '/api/rosters')).status).toBe(403);

      const seen = (await server.call(supervisor, 'GET', kpis)).body as Kpis;
      expect(seen.totals.shifts).toBe(1);
      expect(((await server.call(supervisor, 'GET', gaps)).body as Gaps).missing).toHaveLength(1);

      const theirs = await server.call(client, 'GET', kpis);
      expect(theirs.status).toBe(200);
      expect((theirs.body as Kpis).totals.shifts).toBe(0);
      const asked = (await server.call(client, 'GET', `${kpis}&siteId=${demoSite}`)).body as Kpis;
      expect(asked.totals.shifts).toBe(0);
      const theirGaps = await server.call(client, 'GET', `${gaps}&siteId=${demoSite}`);
      expect(theirGaps.status).toBe(200);
      expect((theirGaps.body as Gaps).missing).toEqual([]);
    });
  });
}
