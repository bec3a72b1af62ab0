import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { BAND_OVERLAP } from '@plod/model';
import type { PlodCharges } from '@plod/model';
import type { ServerOptions } from '../../src/server.ts';
import { PRICES_HIDDEN_FROM_CREWS, VERSION_DATE_TAKEN } from '../../src/money/contracts.ts';
import { startSecureServer as startSecure } from '../auth/helpers.ts';
import type { As, SecureServer } from '../auth/helpers.ts';
import type { AppTablesBackend } from '../support/app-tables.ts';
import { readPdf } from '../pdf.ts';

interface ContractBody {
  id: string;
  siteId: string;
  clientName: string;
  contractNumber: string;
  versions: { id: string; effectiveFrom: string }[];
}

/** NQ at $100 a metre to 8 m and $120 below; setup hours at $80. */
const RATES_2025 = {
  metreRates: [
    { holeSize: 'NQ', fromDepth: 0, toDepth: 8, rateCents: 10_000 },
    { holeSize: 'NQ', fromDepth: 8, toDepth: 600, rateCents: 12_000 },
  ],
  hourlyRates: [{ activity: 'setup', rateCents: 8_000 }],
};
/** From May: every NQ metre at $200. */
const RATES_MAY = {
  metreRates: [{ holeSize: 'NQ', fromDepth: 0, toDepth: 600, rateCents: 20_000 }],
};

/** Contracts, charges and invoice lines through REST, in the app tables of `backend`. */
export function contractsSuite(backend: AppTablesBackend): void {
  describe(`contracts and charges (${backend.label})`, () => {
    let server: SecureServer;
    let boss: As;
    let siteId: string;
    let rigId: string;
    let options: ServerOptions = {};
    beforeEach(async () => {
      options = await backend.prepare();
      server = await startSecure(options);
      boss = await server.signIn();
      siteId =
        ((await server.call(boss, 'GET', '/api/sites')).body as { id: string }[])[0]?.id ?? '';
      rigId = ((await server.call(boss, 'GET', '/api/rigs')).body as { id: string }[])[0]?.id ?? '';
    });
    afterEach(async () => {
      await server.close();
      await backend.cleanup();
    });

    const call = async (as: As, method: string, path: string, body?: unknown) =>
      server.call(as, method, path, body);

    const contract = async (site = siteId) => {
      const made = await call(boss, 'POST', '/api/contracts', {
        siteId: site,
        clientName: 'Acme Gold',
        contractNumber: 'AG-2025-01',
      });
      expect(made.status).toBe(201);
      return made.body as ContractBody;
    };

    /** A plod of `date` with three NQ runs from the collar (0-4, 4-7, 7-10 m) and 1 h of setup. */
    const plod = async (date: string, holeId: string, status: 'sent' | 'approved' = 'approved') => {
      const made = await call(boss, 'POST', '/api/shift-summaries', {
        siteId,
        rigId,
        date,
        shiftType: 'day',
        startTime: '06:00',
        endTime: '18:00',
      });
      const id = (made.body as { id: string }).id;
      await call(boss, 'POST', '/api/hole-config', { holeId, constantStickUp: 0 });
      for (let i = 0; i < 3; i += 1) {
        const run = await call(boss, 'POST', `/api/run-sheet-entries?shiftSummaryId=${id}`, {
          holeId,
          rodAdded: true,
          stickUp: 0,
        });
        expect(run.status).toBe(201);
      }
      await call(boss, 'POST', `/api/timesheet-entries?shiftSummaryId=${id}`, {
        startTime: '06:00',
        endTime: '07:00',
        activity: 'setup',
      });
      expect(
        (await call(boss, 'PATCH', `/api/shift-summaries/${id}`, { status: 'sent' })).status,
      ).toBe(200);
      if (status === 'approved') {
        expect((await call(boss, 'POST', `/api/shift-summaries/${id}/approve`)).status).toBe(200);
      }
      return id;
    };

    it('creates a contract, changes only what changed, adds dated versions, and keeps every change in its history', async () => {
      const made = await contract();
      expect(made).toMatchObject({ siteId, clientName: 'Acme Gold', versions: [] });

      const bad = await call(boss, 'POST', '/api/contracts', {
        siteId,
        clientName: ' ',
        contractNumber: 'X',
      });
      expect(bad.status).toBe(400);
      expect((bad.body as { message: string }).message).toContain('Client name is required');

      const same = await call(boss, 'PUT', `/api/contracts/${made.id}`, {
        clientName: 'Acme Gold',
      });
      expect(same.status).toBe(200);
      const renamed = await call(boss, 'PUT', `/api/contracts/${made.id}`, {
        clientName: 'Acme Gold Ltd',
        contractNumber: 'AG-2025-01',
      });
      expect(renamed.body).toMatchObject({
        clientName: 'Acme Gold Ltd',
        contractNumber: 'AG-2025-01',
      });

      const first = await call(boss, 'POST', `/api/contracts/${made.id}/versions`, {
        effectiveFrom: '2025-01-01',
        rates: RATES_2025,
      });
      expect(first.status).toBe(201);
      const overlap = await call(boss, 'POST', `/api/contracts/${made.id}/versions`, {
        effectiveFrom: '2025-05-01',
        rates: {
          metreRates: [
            ...RATES_2025.metreRates,
            { holeSize: 'NQ', fromDepth: 5, toDepth: 20, rateCents: 1 },
          ],
        },
      });
      expect(overlap.status).toBe(400);
      expect((overlap.body as { message: string }).message).toContain(BAND_OVERLAP);
      const sameDay = await call(boss, 'POST', `/api/contracts/${made.id}/versions`, {
        effectiveFrom: '2025-01-01',
        rates: RATES_MAY,
      });
      expect([sameDay.status, (sameDay.body as { message: string }).message]).toEqual([
        409,
        VERSION_DATE_TAKEN,
      ]);
      const may = await call(boss, 'POST', `/api/contracts/${made.id}/versions`, {
        effectiveFrom: '2025-05-01',
        rates: RATES_MAY,
      });
      expect(may.status).toBe(201);
      const mayId = (may.body as { id: string }).id;
      expect(
        (await call(boss, 'DELETE', `/api/contracts/${made.id}/versions/${mayId}`)).status,
      ).toBe(200);

      const listed = (await call(boss, 'GET', `/api/contracts?siteId=${siteId}`))
        .body as ContractBody[];
      expect(listed.map((c) => [c.contractNumber, c.versions.map((v) => v.effectiveFrom)])).toEqual(
        [['AG-2025-01', ['2025-01-01']]],
      );

      const history = (await call(boss, 'GET', `/api/contracts/${made.id}/history`)).body as {
        action: string;
        by: string;
        changes: { field: string; before: unknown; after: unknown }[];
      }[];
      expect(history.map((h) => h.action)).toEqual([
        'contract-created',
        'contract-changed',
        'version-added',
        'version-added',
        'version-deleted',
      ]);
      expect(history[1]).toMatchObject({
        by: 'boss (supervisor)',
        changes: [{ field: 'clientName', before: 'Acme Gold', after: 'Acme Gold Ltd' }],
      });
      expect(history[3]?.changes[1]).toMatchObject({
        field: 'rates',
        before: { metreRates: RATES_2025.metreRates },
      });

      const setting = await call(boss, 'PUT', `/api/contracts/site-settings/${siteId}`, {
        crewMaySeePrices: true,
      });
      expect(setting.body).toMatchObject({ crewMaySeePrices: true });
      const siteHistory = (await call(boss, 'GET', `/api/contracts/history?siteId=${siteId}`))
        .body as {
        action: string;
      }[];
      expect(siteHistory.at(-1)).toMatchObject({ action: 'site-setting-changed' });

      expect((await call(boss, 'DELETE', `/api/contracts/${made.id}`)).status).toBe(200);
      expect((await call(boss, 'GET', `/api/contracts/${made.id}`)).status).toBe(404);
      expect((await call(boss, 'GET', `/api/contracts/${made.id}/history`)).status).toBe(404);
    });

    it('prices each plod with the version in force on its date, and invoice lines total the plods’ charges (CSV and XLSX)', async () => {
      const made = await contract();
      await call(boss, 'POST', `/api/contracts/${made.id}/versions`, {
        effectiveFrom: '2025-01-01',
        rates: RATES_2025,
      });
      await call(boss, 'POST', `/api/contracts/${made.id}/versions`, {
        effectiveFrom: '2025-05-01',
        rates: RATES_MAY,
      });
      const march = await plod('2025-03-01', 'MONEY-1');
      const june = await plod('2025-06-01', 'MONEY-2');
      const sent = await plod('2025-03-02', 'MONEY-3', 'sent');

      const chargesOf = async (id: string) => {
        const res = await call(boss, 'GET', `/api/shift-summaries/${id}/charges`);
        expect(res.status).toBe(200);
        return res.body as PlodCharges;
      };
      const marchCharges = await chargesOf(march);
      // 0-10 m: 8 m at $100, 2 m at $120 (the run 7-10 m is cut at 8 m), and 1 h of setup at $80.
      expect(marchCharges.lines.map((l) => [l.description, l.quantity, l.amountCents])).toEqual([
        ['Drilling NQ 0-8 m', 8, 80_000],
        ['Drilling NQ 8-600 m', 2, 24_000],
        ['Setup hours', 1, 8_000],
      ]);
      expect(marchCharges.totalCents).toBe(112_000);
      const juneCharges = await chargesOf(june);
      expect(juneCharges).toMatchObject({
        totalCents: 200_000,
        version: { effectiveFrom: '2025-05-01' },
      });

      // Typed metres reprice: 11 m typed over 10 m from the runs, 1 m more at $120.
      await call(boss, 'POST', `/api/shift-summaries/${march}/reopen`, { reason: 'metres typed' });
      const typed = await call(boss, 'PUT', `/api/shift-summaries/${march}`, {
        totalDepthDrilled: 11,
      });
      expect(typed.status).toBe(200);
      expect((await chargesOf(march)).totalCents).toBe(124_000);

      const xlsx = await call(boss, 'GET', '/api/charges.xlsx?status=approved,sent');
      expect(xlsx.status).toBe(200);
      const res = await fetch(`${server.http}/api/charges.xlsx?status=approved,sent`, {
        headers: { cookie: (boss as { cookie: string }).cookie },
      });
      expect(res.headers.get('content-type')).toContain('spreadsheetml');
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(await res.arrayBuffer());
      const column = (sheet: string, header: string) => {
        const ws = workbook.getWorksheet(sheet);
        const headers = (ws?.getRow(1).values as unknown[]) ?? [];
        const at = headers.indexOf(header);
        const values: unknown[] = [];
        ws?.eachRow((row, n) => {
          if (n > 1) values.push(row.getCell(at).value);
        });
        return values;
      };
      const cents = (values: unknown[]) =>
        Math.round(values.reduce<number>((sum, v) => sum + Number(v), 0) * 100);
      const expected = [march, june, sent].length;
      const plodTotals = await Promise.all(
        [march, june, sent].map(async (id) => (await chargesOf(id)).totalCents),
      );
      const sum = plodTotals.reduce((a, b) => a + b, 0);
      expect(cents(column('Charge lines', 'Amount'))).toBe(sum);
      expect(column('Per plod', 'Total')).toHaveLength(expected);
      expect(cents(column('Per plod', 'Total'))).toBe(sum);
      expect(cents(column('Per rig', 'Total'))).toBe(sum);
      expect(column('Per rig', 'Plods')).toEqual([3]);

      // The reopened March plod is submitted again: the approved ones are June's alone.
      const approvedOnly = String(
        (await call(boss, 'GET', '/api/charges.csv?status=approved')).body,
      );
      expect(approvedOnly.split('\r\n')[0]).toBe('CHARGE LINES');
      expect(approvedOnly).toContain(
        `${june},approved,2025-05-01,Drilling NQ 0-600 m,10,m,200.00,2000.00`,
      );
      expect(approvedOnly).not.toContain(march);
      const marchOnly = String(
        (await call(boss, 'GET', '/api/charges.csv?from=2025-03-01&to=2025-03-01')).body,
      );
      expect(marchOnly).toContain(`${march},sent,2025-01-01,Drilling NQ 8-600 m,2,m,120.00,240.00`);
      expect(marchOnly).toContain('TOTALS PER PLOD');
      expect(marchOnly).toContain(`${march},sent,2025-01-01,4,1240.00`);
      expect(marchOnly).toContain('TOTALS PER RIG');
      expect(marchOnly).not.toContain(sent);
      const bad = await call(boss, 'GET', '/api/charges.csv?from=2025-02-30');
      expect(bad.status).toBe(400);
    });

    /** The text of a plod's PDF as `as` downloads it. */
    const pdfText = async (as: As, id: string) => {
      const headers: Record<string, string> =
        as.kind === 'device'
          ? { authorization: `Bearer ${as.token}` }
          : as.kind === 'none'
            ? {}
            : { cookie: as.cookie };
      const res = await fetch(`${server.http}/api/shift-summaries/${id}/pdf`, { headers });
      expect(res.status).toBe(200);
      return (await readPdf(new Uint8Array(await res.arrayBuffer()))).text.join('\n');
    };
    const CHARGES_HEADING = /\bCharges\b/;

    it('prints the Charges table in the PDF for whoever may see the plod’s prices, and nothing where none apply', async () => {
      const made = await contract();
      await call(boss, 'POST', `/api/contracts/${made.id}/versions`, {
        effectiveFrom: '2025-01-01',
        rates: RATES_2025,
      });
      const priced = await plod('2025-03-01', 'MONEY-PDF-1', 'sent');
      const before = await plod('2024-12-31', 'MONEY-PDF-2', 'sent');

      const bossPdf = await pdfText(boss, priced);
      expect(bossPdf).toMatch(CHARGES_HEADING);
      for (const description of ['Drilling NQ 0-8 m', 'Drilling NQ 8-600 m', 'Setup hours']) {
        expect(bossPdf).toContain(description);
      }
      expect(bossPdf).toContain('800.00');
      expect(bossPdf).toContain('Total 1,120.00 (contract from 2025-01-01)');
      // No version in force on its date: no table at all.
      expect(await pdfText(boss, before)).not.toMatch(CHARGES_HEADING);

      const phone = await server.join('Rig phone');
      const hidden = await pdfText(phone, priced);
      expect(hidden).toContain('Runs of MONEY-PDF-1');
      expect(hidden).not.toMatch(CHARGES_HEADING);
      expect(hidden).not.toContain('1,120.00');
      await call(boss, 'PUT', `/api/contracts/site-settings/${siteId}`, { crewMaySeePrices: true });
      expect(await pdfText(phone, priced)).toContain('Total 1,120.00 (contract from 2025-01-01)');
    });

    it('refuses contracts to crews, charges to crews unless the site allows it, and other sites to a client', async () => {
      const made = await contract();
      await call(boss, 'POST', `/api/contracts/${made.id}/versions`, {
        effectiveFrom: '2025-01-01',
        rates: RATES_2025,
      });
      const other = (await call(boss, 'POST', '/api/sites', { siteName: 'Far pit' })).body as {
        id: string;
      };
      const far = await contract(other.id);
      const id = await plod('2025-03-01', 'MONEY-9', 'sent');
      const phone = await server.join('Rig phone');

      expect((await call(phone, 'GET', '/api/contracts')).status).toBe(403);
      expect(
        (
          await call(phone, 'POST', '/api/contracts', {
            siteId,
            clientName: 'X',
            contractNumber: 'Y',
          })
        ).status,
      ).toBe(403);
      const hidden = await call(phone, 'GET', `/api/shift-summaries/${id}/charges`);
      expect([hidden.status, (hidden.body as { message: string }).message]).toEqual([
        403,
        PRICES_HIDDEN_FROM_CREWS,
      ]);
      expect((await call(phone, 'GET', '/api/charges.csv')).status).toBe(403);
      await call(boss, 'PUT', `/api/contracts/site-settings/${siteId}`, { crewMaySeePrices: true });
      const shown = await call(phone, 'GET', `/api/shift-summaries/${id}/charges`);
      const asBoss = await call(boss, 'GET', `/api/shift-summaries/${id}/charges`);
      expect(shown.status).toBe(200);
      expect(shown.body).toEqual(asBoss.body);
      expect((shown.body as PlodCharges).totalCents).toBeGreaterThan(0);

      await call(boss, 'POST', '/api/client-accounts', {
        username: 'farclient',
        password: 'far client password',
        siteIds: [other.id],
      });
      const client = await server.signInClient('farclient', 'far client password');
      expect(
        ((await call(client, 'GET', '/api/contracts')).body as ContractBody[]).map((c) => c.id),
      ).toEqual([far.id]);
      expect((await call(client, 'GET', `/api/contracts/${made.id}`)).status).toBe(403);
      expect((await call(client, 'GET', `/api/contracts/${far.id}`)).status).toBe(200);
      expect((await call(client, 'GET', `/api/shift-summaries/${id}/charges`)).status).toBe(403);
      expect(
        (await call(client, 'PUT', `/api/contracts/${far.id}`, { clientName: 'Mine' })).status,
      ).toBe(403);
      const theirs = String((await call(client, 'GET', '/api/charges.csv')).body);
      expect(theirs).not.toContain(id);
    });
  });
}
