import { Alert, Select, SegmentedControl, Text, Textarea } from '@mantine/core';
import {
  BIT_SIZES,
  BIT_STATUSES,
  BIT_STATUS_LABELS,
  bitChangeInputSchema,
  bitInputSchema,
  type BitAction,
  type BitChangeInput,
  type BitInput,
  type BitSize,
  type BitStatus,
  type ReportHole,
  type RegisteredBit,
} from '@plod/model';
import { useState, type FormEvent } from 'react';
import { TextField } from '../../components/TextField';
import { AddFormCard } from '../plod/AddFormCard';
import { NumberField } from '../plod/NumberField';

/** A bit as a choice reads: serial, size and matrix. */
export function bitLabel(bit: RegisteredBit): string {
  return [bit.serial, bit.size, bit.matrix].filter(Boolean).join(' · ');
}

const STATUS_CHOICES = BIT_STATUSES.map((value) => ({ value, label: BIT_STATUS_LABELS[value] }));

/** The first message of a refused input, for the form's alert. */
function firstIssue(error: { issues: readonly { message: string }[] }): string {
  return error.issues[0]?.message ?? 'Check the fields';
}

export interface RegisterBitFormProps {
  /** Registers the bit; false when it was refused (a message is shown by the caller). */
  onRegister: (input: BitInput) => boolean;
  onCancel: () => void;
}

/** Register a bit: serial, size, matrix, status. */
export function RegisterBitForm({ onRegister, onCancel }: RegisterBitFormProps) {
  const [serial, setSerial] = useState('');
  const [size, setSize] = useState<BitSize>('NQ');
  const [matrix, setMatrix] = useState('');
  const [status, setStatus] = useState<BitStatus>('in-use');
  const [error, setError] = useState<string | null>(null);
  const submit = (event?: FormEvent<HTMLFormElement>) => {
    event?.preventDefault();
    const parsed = bitInputSchema.safeParse({ serial, size, matrix, status });
    if (!parsed.success) {
      setError(firstIssue(parsed.error));
      return;
    }
    if (onRegister(parsed.data)) {
      setSerial('');
      setMatrix('');
      setError(null);
    }
  };
  return (
    <AddFormCard
      title="Register a Bit"
      submitLabel="Register Bit"
      onSubmit={submit}
      onCancel={onCancel}
    >
      <TextField
        label="Serial"
        placeholder="e.g. NQ-7781"
        value={serial}
        onChange={setSerial}
        autoCapitalize="characters"
      />
      <Select
        label="Size"
        data={[...BIT_SIZES]}
        value={size}
        onChange={(value) => value && setSize(value as BitSize)}
        allowDeselect={false}
      />
      <TextField label="Matrix" placeholder="e.g. 7-9" value={matrix} onChange={setMatrix} />
      <Select
        label="Status"
        data={STATUS_CHOICES}
        value={status}
        onChange={(value) => value && setStatus(value as BitStatus)}
        allowDeselect={false}
      />
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
    </AddFormCard>
  );
}

export interface BitChangeFormProps {
  bits: readonly RegisteredBit[];
  holes: readonly ReportHole[];
  onRecord: (input: BitChangeInput) => boolean;
  onCancel: () => void;
}

/** Bit in / bit out on a hole at a depth (the hole's current depth unless changed). */
export function BitChangeForm({ bits, holes, onRecord, onCancel }: BitChangeFormProps) {
  const [action, setAction] = useState<BitAction>('in');
  const [bitSerial, setBitSerial] = useState<string | null>(null);
  const [holeId, setHoleId] = useState<string | null>(holes.at(-1)?.holeId ?? null);
  const [typedDepth, setTypedDepth] = useState<number | string | null>(null);
  const [notes, setNotes] = useState('');
  const [error, setError] = useState<string | null>(null);
  const hole = holes.find((h) => h.holeId === holeId);
  const depth = typedDepth ?? hole?.currentDepth ?? 0;
  const submit = (event?: FormEvent<HTMLFormElement>) => {
    event?.preventDefault();
    const parsed = bitChangeInputSchema.safeParse({
      bitSerial: bitSerial ?? '',
      holeId: holeId ?? '',
      action,
      depth,
      notes,
    });
    if (!parsed.success) {
      setError(firstIssue(parsed.error));
      return;
    }
    if (onRecord(parsed.data)) {
      setBitSerial(null);
      setTypedDepth(null);
      setNotes('');
      setError(null);
    }
  };
  const label = action === 'in' ? 'Record Bit In' : 'Record Bit Out';
  return (
    <AddFormCard title="Bit In / Out" submitLabel={label} onSubmit={submit} onCancel={onCancel}>
      <SegmentedControl
        fullWidth
        value={action}
        onChange={(value) => setAction(value as BitAction)}
        data={[
          { value: 'in', label: 'Bit in' },
          { value: 'out', label: 'Bit out' },
        ]}
        aria-label="Bit in or out"
      />
      <Select
        label="Bit"
        placeholder={bits.length === 0 ? 'Register a bit first' : 'Choose a bit'}
        data={bits.map((b) => ({ value: b.serial, label: bitLabel(b) }))}
        value={bitSerial}
        onChange={setBitSerial}
        searchable
      />
      <Select
        label="Hole"
        placeholder={holes.length === 0 ? 'Start a hole in Run Sheets' : 'Choose a hole'}
        data={holes.map((h) => h.holeId)}
        value={holeId}
        onChange={(value) => {
          setHoleId(value);
          setTypedDepth(null);
        }}
      />
      <NumberField
        label="Depth (m)"
        min={0}
        decimalScale={2}
        inputMode="decimal"
        value={depth}
        onChange={setTypedDepth}
      />
      {hole && (
        <Text size="sm" c="dimmed">
          {hole.holeId} is at {hole.currentDepth} m now
        </Text>
      )}
      <Textarea
        label="Notes"
        rows={1}
        value={notes}
        onChange={(e) => setNotes(e.currentTarget.value)}
      />
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
    </AddFormCard>
  );
}
