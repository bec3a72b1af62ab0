import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import {
  FIXED_LINE_BASES,
  FIXED_LINE_BASIS_LABELS,
  SETUP_DOC_NAME,
  TIMESHEET_ACTIVITIES,
  contractCreateSchema,
  contractVersionInputSchema,
  formatCents,
  readSetup,
  versionInForce,
} from '@plod/model';
import type { ContractRates, ContractVersionInput, FixedLineBasis } from '@plod/model';
import { useEffect, useState, type ReactNode } from 'react';
import { ApiError } from '../auth';
import { ScreenHeader } from '../components/ScreenHeader';
import { TableHead } from '../components/TableHead';
import { TextField } from '../components/TextField';
import { useOptionalDocSnapshot } from '../sync';
import {
  addVersion,
  createContract,
  downloadInvoiceLines,
  fetchContracts,
  fetchHistory,
  fetchSiteSetting,
  saveSiteSetting,
} from './contracts/api';
import type { ContractChange, ContractWithVersions } from './contracts/api';

const TITLE = 'Contracts';
const today = () => new Date().toISOString().slice(0, 10);

/** Dollars typed as text ("120", "120.50") as whole cents; NaN when not a number. */
function centsOf(text: string): number {
  const trimmed = text.trim();
  if (trimmed === '') return Number.NaN;
  return Math.round(Number(trimmed) * 100);
}

interface BandRow {
  holeSize: string;
  fromDepth: string;
  toDepth: string;
  rate: string;
}
interface FixedRow {
  description: string;
  basis: FixedLineBasis;
  amount: string;
}

/** Issues of the model's schema by path ("rates.metreRates.1.toDepth"), shown beside the fields. */
type Issues = Record<string, string>;

/** A schema's issues by path, for the fields to show. */
function issuesOf(error: {
  issues: readonly { path: readonly PropertyKey[]; message: string }[];
}): Issues {
  return Object.fromEntries(error.issues.map((i) => [i.path.join('.'), i.message]));
}

/** What the server said went wrong, else `fallback` (no answer, or not the server's). */
function failureOf(error: unknown, fallback: string): string {
  return error instanceof ApiError ? error.serverMessage : fallback;
}

function errorAt(issues: Issues, ...paths: string[]): string | undefined {
  for (const path of paths) if (issues[path]) return issues[path];
  return undefined;
}

function NewContract({ siteId, onMade }: { siteId: string; onMade: (id: string) => void }) {
  const [clientName, setClientName] = useState('');
  const [contractNumber, setContractNumber] = useState('');
  const [issues, setIssues] = useState<Issues>({});
  const [failure, setFailure] = useState<string | null>(null);
  const submit = async () => {
    const parsed = contractCreateSchema.safeParse({ siteId, clientName, contractNumber });
    if (!parsed.success) {
      setIssues(issuesOf(parsed.error));
      return;
    }
    setIssues({});
    try {
      const made = await createContract(parsed.data);
      setClientName('');
      setContractNumber('');
      setFailure(null);
      onMade(made.id);
    } catch (error) {
      setFailure(failureOf(error, 'Could not save the contract'));
    }
  };
  return (
    <Panel label="New contract" title="New contract">
      <Group align="flex-start" wrap="wrap">
        <TextField
          label="Client name"
          value={clientName}
          onChange={setClientName}
          error={issues.clientName}
        />
        <TextField
          label="Contract number"
          value={contractNumber}
          onChange={setContractNumber}
          error={issues.contractNumber}
        />
        <Button mt={25} onClick={() => void submit()}>
          Create contract
        </Button>
      </Group>
      <FailureLine failure={failure} mt="xs" />
    </Panel>
  );
}

/**
 * A depth band's inputs in the table's order: the header, the name in each input's label, and the
 * schema paths whose issue the input shows (an issue of the band as a whole shows at its hole size).
 */
const BAND_FIELDS: readonly {
  key: keyof BandRow;
  header: string;
  name: string;
  paths: (band: string) => string[];
}[] = [
  { key: 'holeSize', header: 'Hole size', name: 'hole size', paths: (b) => [`${b}.holeSize`, b] },
  { key: 'fromDepth', header: 'From (m)', name: 'from', paths: (b) => [`${b}.fromDepth`] },
  { key: 'toDepth', header: 'To (m)', name: 'to', paths: (b) => [`${b}.toDepth`] },
  { key: 'rate', header: 'Rate ($/m)', name: 'rate', paths: (b) => [`${b}.rateCents`] },
];

/** One part of the screen: a bordered section, named for screen readers, under its heading. */
function Panel({
  label,
  title,
  order = 2,
  children,
}: {
  label: string;
  title: string;
  order?: 2 | 3;
  children: ReactNode;
}) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={label}>
      <Title order={order} fz={18} mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/** Why a save or download failed, read out as it appears; nothing while all is well. */
function FailureLine({ failure, mt }: { failure: string | null; mt?: 'xs' }) {
  if (!failure) return null;
  return (
    <Text c="red.8" mt={mt} role="alert">
      {failure}
    </Text>
  );
}

/** A panel's table (it scrolls sideways on a phone), or a dimmed line while it has no rows. */
function PanelTable({
  rows,
  empty,
  testId,
  columns,
  highlightOnHover,
  children,
}: {
  /** How many rows there are. */
  rows: number;
  empty: string;
  testId: string;
  columns: string[];
  highlightOnHover?: boolean;
  children: ReactNode;
}) {
  if (rows === 0) return <Text c="dimmed">{empty}</Text>;
  return (
    <Table.ScrollContainer minWidth={360}>
      <Table striped highlightOnHover={highlightOnHover} data-testid={testId}>
        <TableHead columns={columns} />
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

const emptyBand = (): BandRow => ({ holeSize: 'NQ', fromDepth: '', toDepth: '', rate: '' });

function NewVersion({
  contract,
  chargeableCodes,
  onAdded,
}: {
  contract: ContractWithVersions;
  chargeableCodes: { id: string; name: string }[];
  onAdded: () => void;
}) {
  const [effectiveFrom, setEffectiveFrom] = useState(today());
  const [bands, setBands] = useState<BandRow[]>([emptyBand()]);
  const [hourly, setHourly] = useState<Record<string, string>>({});
  const [standbyDefault, setStandbyDefault] = useState('');
  const [standby, setStandby] = useState<Record<string, string>>({});
  const [fixed, setFixed] = useState<FixedRow[]>([]);
  const [hireTools, setHireTools] = useState(true);
  const [consumables, setConsumables] = useState(true);
  const [issues, setIssues] = useState<Issues>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const rated = TIMESHEET_ACTIVITIES.filter((a) => (hourly[a] ?? '').trim() !== '');
  const setBand = (i: number, patch: Partial<BandRow>) =>
    setBands((rows) => rows.map((row, j) => (j === i ? { ...row, ...patch } : row)));
  const setFixedRow = (i: number, patch: Partial<FixedRow>) =>
    setFixed((rows) => rows.map((row, j) => (j === i ? { ...row, ...patch } : row)));

  const input = (): ContractVersionInput => ({
    effectiveFrom,
    rates: {
      metreRates: bands
        .filter((b) => b.fromDepth !== '' || b.toDepth !== '' || b.rate !== '')
        .map((b) => ({
          holeSize: b.holeSize,
          fromDepth: Number(b.fromDepth),
          toDepth: Number(b.toDepth),
          rateCents: centsOf(b.rate),
        })),
      hourlyRates: rated.map((a) => ({
        activity: a,
        rateCents: centsOf(hourly[a] ?? ''),
      })),
      standbyRates: chargeableCodes
        .filter((code) => (standby[code.id] ?? '').trim() !== '')
        .map((code) => ({
          codeId: code.id,
          codeName: code.name,
          rateCents: centsOf(standby[code.id] ?? ''),
        })),
      standbyDefaultRateCents: standbyDefault.trim() === '' ? null : centsOf(standbyDefault),
      fixedLines: fixed.map((f) => ({
        description: f.description,
        basis: f.basis,
        amountCents: centsOf(f.amount),
      })),
      chargeHireTools: hireTools,
      chargeConsumables: consumables,
    },
  });

  const submit = async () => {
    const body = input();
    const parsed = contractVersionInputSchema.safeParse(body);
    if (!parsed.success) {
      setIssues(issuesOf(parsed.error));
      return;
    }
    setIssues({});
    setSaving(true);
    try {
      await addVersion(contract.id, body);
      setFailure(null);
      onAdded();
    } catch (error) {
      setFailure(failureOf(error, 'Could not save the version'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Panel label="New version" title={`New version of ${contract.contractNumber}`} order={3}>
      <Stack gap="md">
        <TextField
          label="Effective from"
          type="date"
          w={200}
          value={effectiveFrom}
          onChange={setEffectiveFrom}
          error={issues.effectiveFrom}
        />
        <div>
          <Text fw={600} mb={4}>
            Metre rates by depth band and hole size
          </Text>
          <Table withTableBorder aria-label="Metre rates">
            <TableHead columns={[...BAND_FIELDS.map((f) => f.header), '']} />
            <Table.Tbody>
              {bands.map((band, i) => {
                const at = `rates.metreRates.${i}`;
                const row = i + 1;
                return (
                  <Table.Tr key={i}>
                    {BAND_FIELDS.map((field) => (
                      <Table.Td key={field.key}>
                        <TextField
                          aria-label={`Band ${row} ${field.name}`}
                          inputMode={field.key === 'holeSize' ? undefined : 'decimal'}
                          value={band[field.key]}
                          onChange={(value) => setBand(i, { [field.key]: value })}
                          error={errorAt(issues, ...field.paths(at))}
                        />
                      </Table.Td>
                    ))}
                    <Table.Td>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Remove band ${row}`}
                        onClick={() => setBands((rows) => rows.filter((_, j) => j !== i))}
                      >
                        ×
                      </ActionIcon>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
          <Button
            variant="light"
            mt="xs"
            onClick={() => setBands((rows) => [...rows, emptyBand()])}
          >
            Add band
          </Button>
        </div>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <div>
            <Text fw={600} mb={4}>
              Hourly rates by activity ($/h, blank: not charged)
            </Text>
            <SimpleGrid cols={{ base: 2, md: 3 }} spacing="xs">
              {TIMESHEET_ACTIVITIES.map((activity) => (
                <TextField
                  key={activity}
                  label={activity[0]?.toUpperCase() + activity.slice(1)}
                  inputMode="decimal"
                  value={hourly[activity] ?? ''}
                  onChange={(value) => setHourly((rates) => ({ ...rates, [activity]: value }))}
                  error={
                    rated.includes(activity)
                      ? issues[`rates.hourlyRates.${rated.indexOf(activity)}.rateCents`]
                      : undefined
                  }
                />
              ))}
            </SimpleGrid>
          </div>
          <div>
            <Text fw={600} mb={4}>
              Standby for chargeable downtime ($/h)
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
              <TextField
                label="Any chargeable code"
                inputMode="decimal"
                value={standbyDefault}
                onChange={setStandbyDefault}
                error={issues['rates.standbyDefaultRateCents']}
              />
              {chargeableCodes.map((code) => (
                <TextField
                  key={code.id}
                  label={code.name}
                  inputMode="decimal"
                  value={standby[code.id] ?? ''}
                  onChange={(value) => setStandby((rates) => ({ ...rates, [code.id]: value }))}
                />
              ))}
            </SimpleGrid>
          </div>
        </SimpleGrid>
        <div>
          <Text fw={600} mb={4}>
            Fixed lines
          </Text>
          {fixed.map((row, i) => (
            <Group key={i} align="flex-start" mb="xs" wrap="wrap">
              <TextField
                label="Description"
                value={row.description}
                onChange={(value) => setFixedRow(i, { description: value })}
                error={issues[`rates.fixedLines.${i}.description`]}
              />
              <NativeSelect
                label="Charged"
                value={row.basis}
                data={FIXED_LINE_BASES.map((b) => ({
                  value: b,
                  label: FIXED_LINE_BASIS_LABELS[b],
                }))}
                onChange={(e) => setFixedRow(i, { basis: e.currentTarget.value as FixedLineBasis })}
              />
              <TextField
                label="Amount ($)"
                inputMode="decimal"
                value={row.amount}
                onChange={(value) => setFixedRow(i, { amount: value })}
                error={issues[`rates.fixedLines.${i}.amountCents`]}
              />
            </Group>
          ))}
          <Button
            variant="light"
            onClick={() =>
              setFixed((rows) => [...rows, { description: '', basis: 'per-plod', amount: '' }])
            }
          >
            Add fixed line
          </Button>
        </div>
        <Group>
          <Checkbox
            label="Charge hire tools at their rates"
            checked={hireTools}
            onChange={(e) => setHireTools(e.currentTarget.checked)}
          />
          <Checkbox
            label="Charge consumables at their list prices"
            checked={consumables}
            onChange={(e) => setConsumables(e.currentTarget.checked)}
          />
        </Group>
        <FailureLine failure={failure} />
        <Group>
          <Button loading={saving} onClick={() => void submit()}>
            Save version
          </Button>
        </Group>
      </Stack>
    </Panel>
  );
}

const ACTION_LABELS: Record<string, string> = {
  'contract-created': 'Contract created',
  'contract-changed': 'Contract changed',
  'contract-deleted': 'Contract deleted',
  'version-added': 'Version added',
  'version-deleted': 'Version deleted',
  'site-setting-changed': 'Site setting changed',
};

/** "{what} {amount}": one rate of a version. */
const rate = (what: string, cents: number) => `${what} ${formatCents(cents)}`;

/** A version's metre, hourly, standby and fixed rates, a cell each ('-' where there are none). */
function rateCells(rates: ContractRates): string[] {
  return [
    rates.metreRates.map((b) => rate(`${b.holeSize} ${b.fromDepth}-${b.toDepth} m`, b.rateCents)),
    rates.hourlyRates.map((h) => rate(h.activity, h.rateCents)),
    [
      ...rates.standbyRates.map((s) => rate(s.codeName, s.rateCents)),
      ...(rates.standbyDefaultRateCents === null
        ? []
        : [rate('any', rates.standbyDefaultRateCents)]),
    ],
    rates.fixedLines.map((f) => rate(f.description, f.amountCents)),
  ].map((lines) => lines.join(', ') || '-');
}

function changeText(change: ContractChange): string {
  return change.changes
    .filter((c) => c.field !== 'rates')
    .map(
      (c) =>
        `${c.field}: ${c.before === null ? '-' : String(c.before)} → ${c.after === null ? '-' : String(c.after)}`,
    )
    .join('; ');
}

function History({ changes }: { changes: ContractChange[] }) {
  return (
    <Panel label="History" title="History">
      <PanelTable
        rows={changes.length}
        empty="No changes yet"
        testId="contracts-history"
        columns={['When', 'Who', 'What', 'Changes']}
      >
        {[...changes].reverse().map((change) => (
          <Table.Tr key={change.id}>
            <Table.Td>{new Date(change.at).toLocaleString()}</Table.Td>
            <Table.Td>{change.by ?? '-'}</Table.Td>
            <Table.Td>{ACTION_LABELS[change.action] ?? change.action}</Table.Td>
            <Table.Td>{changeText(change)}</Table.Td>
          </Table.Tr>
        ))}
      </PanelTable>
    </Panel>
  );
}

function InvoiceExport({ siteId }: { siteId: string }) {
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [plods, setPlods] = useState('approved');
  const [failure, setFailure] = useState<string | null>(null);
  const query = () => {
    const params = new URLSearchParams({ siteId });
    if (plods === 'approved') params.set('status', 'approved');
    if (from) params.set('from', from);
    if (to) params.set('to', to);
    return `?${params.toString()}`;
  };
  const download = async (format: 'csv' | 'xlsx') => {
    try {
      await downloadInvoiceLines(format, query());
      setFailure(null);
    } catch (error) {
      setFailure(failureOf(error, 'Download failed'));
    }
  };
  return (
    <Panel label="Invoice lines" title="Invoice lines">
      <Group align="flex-end" wrap="wrap">
        <TextField label="From" type="date" value={from} onChange={setFrom} />
        <TextField label="To" type="date" value={to} onChange={setTo} />
        <NativeSelect
          label="Plods"
          value={plods}
          data={[
            { value: 'approved', label: 'Approved' },
            { value: 'all', label: 'All but deleted' },
          ]}
          onChange={(e) => setPlods(e.currentTarget.value)}
        />
        <Button variant="light" onClick={() => void download('csv')}>
          Download CSV
        </Button>
        <Button onClick={() => void download('xlsx')}>Download XLSX</Button>
      </Group>
      <FailureLine failure={failure} mt="xs" />
    </Panel>
  );
}

/**
 * Contracts of a site (supervisors): create one, add versions with an effective date and rate
 * tables, let crews see prices or not, download invoice lines, and read every change.
 */
export default function Contracts() {
  const setup = useOptionalDocSnapshot(SETUP_DOC_NAME, readSetup);
  const sites = (setup?.sites ?? []).filter((s) => !s.archivedAt);
  const [siteId, setSiteId] = useState<string>('');
  const [contracts, setContracts] = useState<ContractWithVersions[]>([]);
  const [selected, setSelected] = useState<string | null>(null);
  const [history, setHistory] = useState<ContractChange[]>([]);
  const [crewMaySee, setCrewMaySee] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const site = siteId || sites[0]?.id || '';

  // Each save asks for the site's contracts, history and setting again.
  const [asked, setAsked] = useState(0);
  const reload = () => setAsked((n) => n + 1);
  useEffect(() => {
    if (!site) return;
    let live = true;
    Promise.all([fetchContracts(site), fetchHistory(site), fetchSiteSetting(site)]).then(
      ([list, changes, setting]) => {
        if (!live) return;
        setContracts(list);
        setHistory(changes);
        setCrewMaySee(setting.crewMaySeePrices);
        setFailure(null);
      },
      (error: unknown) => {
        if (live) {
          setFailure(failureOf(error, 'Could not load contracts'));
        }
      },
    );
    return () => {
      live = false;
    };
  }, [site, asked]);

  const contract = contracts.find((c) => c.id === selected) ?? contracts[0] ?? null;
  const chargeableCodes = (setup?.downtimeCodes ?? [])
    .filter((code) => code.siteId === site && code.chargeable)
    .map((code) => ({ id: code.id, name: code.name }));

  return (
    <>
      <ScreenHeader title={TITLE} backTo="/live" backLabel="Live Reports" />
      <Stack gap="md">
        <Group align="flex-end" wrap="wrap">
          <NativeSelect
            label="Site"
            value={site}
            data={sites.map((s) => ({ value: s.id, label: s.siteName }))}
            onChange={(e) => {
              setSiteId(e.currentTarget.value);
              setSelected(null);
            }}
          />
          <Checkbox
            mb={8}
            label="Crews may see prices on this site"
            checked={crewMaySee}
            onChange={(e) => {
              const next = e.currentTarget.checked;
              void saveSiteSetting(site, next).then((s) => {
                setCrewMaySee(s.crewMaySeePrices);
                reload();
              });
            }}
          />
        </Group>
        {failure && (
          <Alert color="red" variant="light">
            {failure}
          </Alert>
        )}
        <Panel label="Site contracts" title="Contracts of this site">
          <PanelTable
            rows={contracts.length}
            empty="No contracts yet"
            testId="contracts-table"
            columns={['Client', 'Contract', 'Versions', 'In force today', '']}
            highlightOnHover
          >
            {contracts.map((c) => (
              <Table.Tr key={c.id}>
                <Table.Td>{c.clientName}</Table.Td>
                <Table.Td>{c.contractNumber}</Table.Td>
                <Table.Td>{c.versions.length}</Table.Td>
                <Table.Td>{versionInForce(c.versions, today())?.effectiveFrom ?? '-'}</Table.Td>
                <Table.Td>
                  <Button
                    size="xs"
                    variant={contract?.id === c.id ? 'filled' : 'light'}
                    onClick={() => setSelected(c.id)}
                    aria-label={`Open contract ${c.contractNumber}`}
                  >
                    Open
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </PanelTable>
        </Panel>
        {site && (
          <NewContract
            siteId={site}
            onMade={(id) => {
              setSelected(id);
              reload();
            }}
          />
        )}
        {contract && (
          <Panel
            label="Versions"
            title={`Versions of ${contract.contractNumber} (${contract.clientName})`}
          >
            <PanelTable
              rows={contract.versions.length}
              empty="No versions yet: add the rates below"
              testId="contract-versions"
              columns={['Effective from', 'Metre rates', 'Hourly', 'Standby', 'Fixed lines']}
            >
              {contract.versions.map((v) => (
                <Table.Tr key={v.id}>
                  <Table.Td>{v.effectiveFrom}</Table.Td>
                  {rateCells(v.rates).map((text, i) => (
                    <Table.Td key={i}>{text}</Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </PanelTable>
          </Panel>
        )}
        {contract && (
          <NewVersion
            key={contract.id}
            contract={contract}
            chargeableCodes={chargeableCodes}
            onAdded={() => void reload()}
          />
        )}
        {site && <InvoiceExport siteId={site} />}
        <History changes={history} />
      </Stack>
    </>
  );
}
