import { Checkbox, NativeSelect, NumberInput, Text, TextInput } from '@mantine/core';
import {
  CREW_ROLES,
  DEFAULT_CREW_ROLE,
  DOWNTIME_GROUPS,
  consumableCreateSchema,
  consumableUpdateSchema,
  type Consumable,
  DOWNTIME_GROUP_LABELS,
  downtimeCodeCreateSchema,
  downtimeCodeUpdateSchema,
  type DowntimeCode,
  type DowntimeGroup,
  DEFAULT_HIRE_TOOL_RATE,
  HIRE_TOOL_RATE_STEP,
  crewMemberCreateSchema,
  crewMemberUpdateSchema,
  formatCurrency,
  hireToolCreateSchema,
  hireToolUpdateSchema,
  rigCreateSchema,
  rigUpdateSchema,
  type CrewMember,
  type CrewRole,
  type HireTool,
  type Rig,
} from '@plod/model';
import type { ItemKind } from './SiteItemsTab';

// The forms' field labels are the screen's stable accessible names (the browser tests use them).

export type RigValues = {
  rigName: string;
  rigNumber: string;
};

export const RIG_KIND: ItemKind<Rig, RigValues> = {
  noun: 'rig',
  plural: 'rigs',
  addLabel: 'Add Rig',
  addTitle: 'Add New Rig',
  emptyValues: { rigName: '', rigNumber: '' },
  toValues: (rig) => ({ rigName: rig.rigName, rigNumber: rig.rigNumber ?? '' }),
  createSchema: rigCreateSchema,
  updateSchema: rigUpdateSchema,
  name: (rig) => rig.rigName,
  valuesName: (values) => values.rigName,
  details: (rig) => <Text c="dimmed">Rig number: {rig.rigNumber ?? '—'}</Text>,
  columns: [{ header: 'Rig number', cell: (rig) => rig.rigNumber ?? '—' }],
  fields: (form) => (
    <>
      <TextInput label="Rig name" withAsterisk {...form.getInputProps('rigName')} />
      <TextInput label="Rig number" {...form.getInputProps('rigNumber')} />
    </>
  ),
  add: (edit, values, siteId) => edit.addRig({ ...values, siteId }),
  update: (edit, id, values) => edit.updateRig(id, values),
  remove: (edit, id) => edit.deleteRig(id),
};

export type CrewValues = {
  memberName: string;
  role: CrewRole;
  certification: string;
  experience: string;
};

const ROLE_LABELS: Record<CrewRole, string> = {
  driller: 'Driller',
  offsider: 'Offsider',
  supervisor: 'Supervisor',
  trainee: 'Trainee',
};

export const CREW_KIND: ItemKind<CrewMember, CrewValues> = {
  noun: 'crew member',
  plural: 'crew',
  addLabel: 'Add Crew Member',
  addTitle: 'Add New Crew Member',
  emptyValues: { memberName: '', role: DEFAULT_CREW_ROLE, certification: '', experience: '' },
  toValues: (member) => ({
    memberName: member.memberName,
    role: member.role,
    certification: member.certification ?? '',
    experience: member.experience ?? '',
  }),
  createSchema: crewMemberCreateSchema,
  updateSchema: crewMemberUpdateSchema,
  name: (member) => member.memberName,
  valuesName: (values) => values.memberName,
  details: (member) => (
    <>
      <Text c="dimmed">Role: {ROLE_LABELS[member.role]}</Text>
      {member.certification && <Text c="dimmed">Certification: {member.certification}</Text>}
      {member.experience && <Text c="dimmed">Experience: {member.experience}</Text>}
    </>
  ),
  columns: [
    { header: 'Role', cell: (member) => ROLE_LABELS[member.role] },
    { header: 'Certification', cell: (member) => member.certification ?? '—' },
    { header: 'Experience', cell: (member) => member.experience ?? '—' },
  ],
  fields: (form) => (
    <>
      <TextInput label="Crew member name" withAsterisk {...form.getInputProps('memberName')} />
      <NativeSelect
        label="Role"
        data={CREW_ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }))}
        {...form.getInputProps('role')}
      />
      <TextInput label="Certification" {...form.getInputProps('certification')} />
      <TextInput
        label="Experience"
        placeholder="e.g. 5 years"
        {...form.getInputProps('experience')}
      />
    </>
  ),
  add: (edit, values, siteId) => edit.addCrewMember({ ...values, siteId }),
  update: (edit, id, values) => edit.updateCrewMember(id, values),
  remove: (edit, id) => edit.deleteCrewMember(id),
};

export type HireToolValues = {
  toolName: string;
  toolDescription: string;
  ratePerHour: number | string;
};

export const HIRE_TOOL_KIND: ItemKind<HireTool, HireToolValues> = {
  noun: 'hire tool',
  plural: 'hire tools',
  addLabel: 'Add Hire Tool',
  addTitle: 'Add New Hire Tool',
  emptyValues: { toolName: '', toolDescription: '', ratePerHour: DEFAULT_HIRE_TOOL_RATE },
  toValues: (tool) => ({
    toolName: tool.toolName,
    toolDescription: tool.toolDescription ?? '',
    ratePerHour: tool.ratePerHour,
  }),
  createSchema: hireToolCreateSchema,
  updateSchema: hireToolUpdateSchema,
  name: (tool) => tool.toolName,
  valuesName: (values) => values.toolName,
  details: (tool) => (
    <>
      {tool.toolDescription && <Text c="dimmed">{tool.toolDescription}</Text>}
      <Text c="dimmed">Rate: {formatCurrency(tool.ratePerHour)} per hour</Text>
    </>
  ),
  columns: [
    { header: 'Description', cell: (tool) => tool.toolDescription ?? '—' },
    { header: 'Rate per hour', cell: (tool) => formatCurrency(tool.ratePerHour) },
  ],
  fields: (form) => (
    <>
      <TextInput label="Tool name" withAsterisk {...form.getInputProps('toolName')} />
      <TextInput label="Description" {...form.getInputProps('toolDescription')} />
      <NumberInput
        label="Rate per hour ($)"
        min={0}
        step={HIRE_TOOL_RATE_STEP}
        decimalScale={2}
        inputMode="decimal"
        {...form.getInputProps('ratePerHour')}
      />
    </>
  ),
  add: (edit, values, siteId) => edit.addHireTool({ ...values, siteId }),
  update: (edit, id, values) => edit.updateHireTool(id, values),
  remove: (edit, id) => edit.deleteHireTool(id),
};

export type DowntimeCodeValues = {
  name: string;
  group: DowntimeGroup;
  chargeable: boolean;
};

const charged = (code: Pick<DowntimeCode, 'chargeable'>) =>
  code.chargeable ? 'Charged to the client' : 'Not charged';

export const DOWNTIME_CODE_KIND: ItemKind<DowntimeCode, DowntimeCodeValues> = {
  noun: 'downtime code',
  plural: 'downtime codes',
  addLabel: 'Add Downtime Code',
  addTitle: 'Add New Downtime Code',
  emptyValues: { name: '', group: 'operational', chargeable: false },
  toValues: (code) => ({ name: code.name, group: code.group, chargeable: code.chargeable }),
  createSchema: downtimeCodeCreateSchema,
  updateSchema: downtimeCodeUpdateSchema,
  name: (code) => code.name,
  valuesName: (values) => values.name,
  details: (code) => (
    <Text c="dimmed">
      {DOWNTIME_GROUP_LABELS[code.group]} · {charged(code)}
    </Text>
  ),
  columns: [
    { header: 'Group', cell: (code) => DOWNTIME_GROUP_LABELS[code.group] },
    { header: 'Client', cell: charged },
  ],
  fields: (form) => (
    <>
      <TextInput label="Code name" withAsterisk {...form.getInputProps('name')} />
      <NativeSelect
        label="Group"
        data={DOWNTIME_GROUPS.map((group) => ({
          value: group,
          label: DOWNTIME_GROUP_LABELS[group],
        }))}
        {...form.getInputProps('group')}
      />
      <Checkbox
        label="The client is charged for it"
        {...form.getInputProps('chargeable', { type: 'checkbox' })}
      />
    </>
  ),
  add: (edit, values, siteId) => edit.addDowntimeCode({ ...values, siteId }),
  update: (edit, id, values) => edit.updateDowntimeCode(id, values),
  remove: (edit, id) => edit.deleteDowntimeCode(id),
};

export type ConsumableValues = {
  name: string;
  unit: string;
  /** Blank when the site does not price the item. */
  price: number | string;
};

const listPrice = (item: Pick<Consumable, 'price' | 'unit'>) =>
  item.price === null ? 'No price' : `${formatCurrency(item.price)} per ${item.unit}`;

export const CONSUMABLE_KIND: ItemKind<Consumable, ConsumableValues> = {
  noun: 'consumable',
  plural: 'consumables',
  addLabel: 'Add Consumable',
  addTitle: 'Add New Consumable',
  emptyValues: { name: '', unit: '', price: '' },
  toValues: (item) => ({ name: item.name, unit: item.unit, price: item.price ?? '' }),
  createSchema: consumableCreateSchema,
  updateSchema: consumableUpdateSchema,
  name: (item) => item.name,
  valuesName: (values) => values.name,
  details: (item) => <Text c="dimmed">{listPrice(item)}</Text>,
  columns: [
    { header: 'Unit', cell: (item) => item.unit },
    { header: 'Price', cell: listPrice },
  ],
  fields: (form) => (
    <>
      <TextInput label="Item name" withAsterisk {...form.getInputProps('name')} />
      <TextInput
        label="Unit"
        description="bag, L, each, box..."
        withAsterisk
        {...form.getInputProps('unit')}
      />
      <NumberInput
        label="Price per unit ($, optional)"
        min={0}
        decimalScale={2}
        inputMode="decimal"
        {...form.getInputProps('price')}
      />
    </>
  ),
  add: (edit, values, siteId) => edit.addConsumable({ ...values, siteId }),
  update: (edit, id, values) => edit.updateConsumable(id, values),
  remove: (edit, id) => edit.deleteConsumable(id),
};
