import '@mantine/charts/styles.css';
import {
  DOWNTIME_GROUP_LABELS,
  formatCurrency,
  formatDepth,
  formatHours,
  type DowntimeGroup,
} from '@plod/model';
import { SupervisorsOnly } from '../components/SignInFirst';
import { RangeScreen } from '../kpis/RangeScreen';
import { fetchKpis } from '../kpis/api';
import { KpiSection } from '../kpis/KpiSection';
import { StatRow } from './plod/StatRow';

const money = (cents: number | null) =>
  cents === null ? 'Not priced' : formatCurrency(cents / 100);
const percent = (value: number | null) => (value === null ? '–' : `${value.toFixed(1)}%`);
const groupLabel = (group: string) => DOWNTIME_GROUP_LABELS[group as DowntimeGroup] ?? group;

function KpisBody() {
  const rigName = (name: string | null) => name ?? 'No rig';
  return (
    <RangeScreen
      title="KPIs"
      subtitle="Metres, utilisation, downtime, bits, recovery and revenue over the plods of a range"
      days={30}
      withRig
      fetch={fetchKpis}
      noData="No figures for this filter"
      loading="Loading figures…"
    >
      {(data) => (
        <>
          <StatRow
            stats={[
              { label: 'Plods', value: String(data.totals.shifts), testId: 'kpi-plods' },
              { label: 'Metres', value: formatDepth(data.totals.metres), testId: 'kpi-metres' },
              {
                label: 'Utilisation',
                value: percent(data.totals.utilisation),
                testId: 'kpi-utilisation',
              },
              { label: 'Revenue', value: money(data.totals.revenueCents), testId: 'kpi-revenue' },
            ]}
          />
          <KpiSection
            title="Metres per shift, per rig per day"
            testId="kpi-rig-days"
            rows={data.rigDays}
            columns={[
              { label: 'Date', value: (r) => r.date ?? '' },
              { label: 'Rig', value: (r) => rigName(r.rigName) },
              { label: 'Shifts', value: (r) => String(r.shifts), numeric: true },
              { label: 'Metres', value: (r) => formatDepth(r.metres), numeric: true },
              {
                label: 'Metres per shift',
                value: (r) => formatDepth(r.metresPerShift),
                numeric: true,
              },
            ]}
            chart={{
              dataKey: 'day',
              series: { name: 'metresPerShift', label: 'Metres per shift' },
              data: data.rigDays.map((r) => ({
                day: `${r.date ?? ''} ${rigName(r.rigName)}`,
                metresPerShift: r.metresPerShift,
              })),
            }}
          />
          <KpiSection
            title="Utilisation: drilling hours over shift hours"
            testId="kpi-utilisation-table"
            rows={data.rigs}
            columns={[
              { label: 'Rig', value: (r) => rigName(r.rigName) },
              { label: 'Drilling h', value: (r) => formatHours(r.drillingHours), numeric: true },
              { label: 'Shift h', value: (r) => formatHours(r.shiftHours), numeric: true },
              { label: 'Utilisation', value: (r) => percent(r.utilisation), numeric: true },
            ]}
            chart={{
              dataKey: 'rig',
              series: { name: 'utilisation', label: 'Utilisation %' },
              data: data.rigs.map((r) => ({
                rig: rigName(r.rigName),
                utilisation: r.utilisation ?? 0,
              })),
            }}
          />
          <KpiSection
            title="Downtime by code"
            testId="kpi-downtime-codes"
            rows={data.downtimeByCode}
            columns={[
              { label: 'Code', value: (r) => r.code },
              { label: 'Group', value: (r) => groupLabel(r.group) },
              { label: 'Hours', value: (r) => formatHours(r.hours), numeric: true },
            ]}
            chart={{
              dataKey: 'code',
              series: { name: 'hours', label: 'Hours' },
              data: data.downtimeByCode.map((r) => ({ code: r.code, hours: r.hours })),
            }}
          />
          <KpiSection
            title="Downtime by group"
            testId="kpi-downtime-groups"
            rows={data.downtimeByGroup}
            columns={[
              { label: 'Group', value: (r) => groupLabel(r.group) },
              { label: 'Hours', value: (r) => formatHours(r.hours), numeric: true },
            ]}
            chart={{
              dataKey: 'group',
              series: { name: 'hours', label: 'Hours' },
              data: data.downtimeByGroup.map((r) => ({
                group: groupLabel(r.group),
                hours: r.hours,
              })),
            }}
          />
          <KpiSection
            title="Metres per bit"
            testId="kpi-bits"
            rows={data.metresPerBit}
            columns={[
              { label: 'Bit', value: (r) => r.bitSerial },
              { label: 'Metres', value: (r) => formatDepth(r.metres), numeric: true },
            ]}
            chart={{
              dataKey: 'bit',
              series: { name: 'metres', label: 'Metres' },
              data: data.metresPerBit.map((r) => ({ bit: r.bitSerial, metres: r.metres })),
            }}
          />
          <KpiSection
            title="Core recovery per hole"
            testId="kpi-recovery"
            empty="No run in this range recorded a recovery"
            rows={data.recoveryPerHole}
            columns={[
              { label: 'Hole', value: (r) => r.holeId },
              { label: 'Recovered m', value: (r) => formatDepth(r.recovered), numeric: true },
              { label: 'Drilled m', value: (r) => formatDepth(r.drilled), numeric: true },
              { label: 'Recovery', value: (r) => percent(r.percent), numeric: true },
            ]}
            chart={{
              dataKey: 'hole',
              series: { name: 'percent', label: 'Recovery %' },
              data: data.recoveryPerHole.map((r) => ({ hole: r.holeId, percent: r.percent ?? 0 })),
            }}
          />
          <KpiSection
            title="Revenue per metre and per shift"
            testId="kpi-revenue-table"
            rows={data.rigs}
            columns={[
              { label: 'Rig', value: (r) => rigName(r.rigName) },
              { label: 'Revenue', value: (r) => money(r.revenueCents), numeric: true },
              { label: 'Per metre', value: (r) => money(r.revenuePerMetreCents), numeric: true },
              { label: 'Per shift', value: (r) => money(r.revenuePerShiftCents), numeric: true },
            ]}
            chart={
              data.totals.revenueCents === null
                ? null
                : {
                    dataKey: 'rig',
                    series: { name: 'perShift', label: 'Revenue per shift ($)' },
                    data: data.rigs.map((r) => ({
                      rig: rigName(r.rigName),
                      perShift: (r.revenuePerShiftCents ?? 0) / 100,
                    })),
                  }
            }
          />
        </>
      )}
    </RangeScreen>
  );
}

/** KPIs (/kpis): supervisors only; anyone else signs in first and comes back. */
export default function KpisScreen() {
  return (
    <SupervisorsOnly>
      <KpisBody />
    </SupervisorsOnly>
  );
}
