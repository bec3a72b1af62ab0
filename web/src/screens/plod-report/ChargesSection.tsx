import { Alert, Table, Text } from '@mantine/core';
import { chargesOfPlod, formatCents, toBundle } from '@plod/model';
import type { ContractVersion, PlodCharges, ReportSnapshot } from '@plod/model';
import { useEffect, useMemo, useState } from 'react';
import { useAuth } from '../../auth';
import { fetchPlodCharges, fetchSiteVersions } from '../contracts/api';
import { Section } from './Section';

type Prices =
  | { kind: 'loading' }
  | { kind: 'hidden' }
  | { kind: 'versions'; versions: ContractVersion[] }
  | { kind: 'priced'; charges: PlodCharges };

/**
 * The site's contract versions, fetched once per site (supervisors and client accounts), so the
 * charges are priced here, from the plod document this view follows: a run added on a phone
 * changes them without a reload. A crew device asks the server for the priced plod instead (it
 * answers only where the site lets crews see prices; otherwise the section is not shown).
 */
function usePrices(report: ReportSnapshot): Prices {
  const auth = useAuth();
  const siteId = report.shift.siteId;
  const reportId = report.id;
  const desk = auth.kind === 'supervisor' || auth.kind === 'client';
  const [prices, setPrices] = useState<Prices>({ kind: 'loading' });
  // The desk fetches versions once per site; a crew device asks again when the plod changes.
  const deviceTrigger = desk ? null : report;
  useEffect(() => {
    let live = true;
    const answer = desk
      ? siteId === null
        ? Promise.resolve<Prices>({ kind: 'versions', versions: [] })
        : fetchSiteVersions(siteId).then((versions): Prices => ({ kind: 'versions', versions }))
      : reportId === null || deviceTrigger === null
        ? Promise.resolve<Prices>({ kind: 'hidden' })
        : fetchPlodCharges(reportId).then((charges): Prices => ({ kind: 'priced', charges }));
    answer
      .catch((): Prices => ({ kind: 'hidden' }))
      .then((next) => {
        if (live) setPrices(next);
      });
    return () => {
      live = false;
    };
  }, [desk, siteId, reportId, deviceTrigger]);
  return prices;
}

export function ChargesTable({ charges }: { charges: PlodCharges }) {
  if (charges.version === null) {
    return <Text c="dimmed">No contract version is in force on this plod’s date.</Text>;
  }
  return (
    <Table.ScrollContainer minWidth={360}>
      <Table striped withTableBorder data-testid="report-charges-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Description</Table.Th>
            <Table.Th ta="right">Quantity</Table.Th>
            <Table.Th ta="right">Rate</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {charges.lines.map((line, i) => (
            <Table.Tr key={`${line.kind}-${i}`}>
              <Table.Td c={line.unpriced ? 'orange.9' : undefined}>{line.description}</Table.Td>
              <Table.Td ta="right">
                {line.quantity} {line.unit}
              </Table.Td>
              <Table.Td ta="right">{formatCents(line.rateCents)}</Table.Td>
              <Table.Td ta="right">{formatCents(line.amountCents)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th colSpan={3}>Total (contract from {charges.version.effectiveFrom})</Table.Th>
            <Table.Th ta="right" data-testid="report-charges-total">
              {formatCents(charges.totalCents)}
            </Table.Th>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The plod's charges (derived, never typed): shown to those who may see prices. */
export function ChargesSection({ report }: { report: ReportSnapshot }) {
  const prices = usePrices(report);
  const charges = useMemo(
    () =>
      prices.kind === 'versions'
        ? chargesOfPlod(toBundle(report), prices.versions)
        : prices.kind === 'priced'
          ? prices.charges
          : null,
    [prices, report],
  );
  if (prices.kind === 'hidden') return null;
  return (
    <Section title="Charges" name="charges">
      {charges === null ? (
        <Alert color="gray" variant="light">
          Pricing...
        </Alert>
      ) : (
        <ChargesTable charges={charges} />
      )}
    </Section>
  );
}
