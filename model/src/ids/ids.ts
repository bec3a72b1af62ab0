import { uuidv7 } from 'uuidv7';

/**
 * Branded ids. Entity ids are UUIDs made offline (UUIDv7, so they sort by creation time); a HoleId is
 * the hole's label that crews type and read (e.g. DH-2025-001), because runs, surveys and timesheets
 * refer to holes by it.
 */
declare const brand: unique symbol;
/** An id type: a string branded with its kind (a part declares its own beside its types). */
export type Brand<T, B extends string> = T & { readonly [brand]: B };

export type ReportId = Brand<string, 'ReportId'>;
export type SiteId = Brand<string, 'SiteId'>;
export type RigId = Brand<string, 'RigId'>;
export type CrewMemberId = Brand<string, 'CrewMemberId'>;
export type AssignmentId = Brand<string, 'AssignmentId'>;
export type RunId = Brand<string, 'RunId'>;
export type TimesheetEntryId = Brand<string, 'TimesheetEntryId'>;
export type SurveyEntryId = Brand<string, 'SurveyEntryId'>;
export type HireToolId = Brand<string, 'HireToolId'>;
export type HoleId = Brand<string, 'HoleId'>;
export type DowntimeCodeId = Brand<string, 'DowntimeCodeId'>;
export type ConsumableId = Brand<string, 'ConsumableId'>;

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Longest accepted hole label. */
export const HOLE_ID_MAX_LENGTH = 64;

/** Thrown when a string is not a valid id of the expected kind. */
export class InvalidIdError extends Error {
  readonly reason = 'invalid-id';
  constructor(
    readonly kind: string,
    readonly value: unknown,
  ) {
    super(`Invalid ${kind}: ${String(value)}`);
    this.name = 'InvalidIdError';
  }
}

/** True when the value is a UUID string (any version, so imported ids stay valid). */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID_PATTERN.test(value);
}

/** Make a new time-ordered id offline. */
export function newId<T extends string>(): T {
  return uuidv7() as T;
}

export interface IdKind<T extends string> {
  /** Parse a string into the id, throwing InvalidIdError when it is not one. */
  parse: (value: unknown) => T;
  /** Type guard for the id. */
  is: (value: unknown) => value is T;
  /** Make a new id offline. */
  create: () => T;
}

/** The ids of one kind: UUIDs made offline (a part declares its rows' kind with it). */
export function uuidKind<T extends string>(kind: string): IdKind<T> {
  const is = (value: unknown): value is T => isUuid(value);
  return {
    is,
    parse: (value) => {
      if (!is(value)) throw new InvalidIdError(kind, value);
      return value.toLowerCase() as T;
    },
    create: () => newId<T>(),
  };
}

export const ReportIds = uuidKind<ReportId>('ReportId');
export const SiteIds = uuidKind<SiteId>('SiteId');
export const RigIds = uuidKind<RigId>('RigId');
export const CrewMemberIds = uuidKind<CrewMemberId>('CrewMemberId');
export const AssignmentIds = uuidKind<AssignmentId>('AssignmentId');
export const RunIds = uuidKind<RunId>('RunId');
export const TimesheetEntryIds = uuidKind<TimesheetEntryId>('TimesheetEntryId');
export const SurveyEntryIds = uuidKind<SurveyEntryId>('SurveyEntryId');
export const HireToolIds = uuidKind<HireToolId>('HireToolId');
export const DowntimeCodeIds = uuidKind<DowntimeCodeId>('DowntimeCodeId');
export const ConsumableIds = uuidKind<ConsumableId>('ConsumableId');

/** FNV-1a (32 bit) of a text after a seed, as 8 hex digits. */
function fnv1aHex(seed: number, text: string): string {
  let hash = (0x811c9dc5 ^ seed) >>> 0;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

/**
 * A UUID (version 8) derived from a name: every device that derives it from the same name gets the
 * same id, so rows two offline devices both create under it merge into one (a site's default
 * downtime codes). Not a security measure.
 */
export function derivedId<T extends string>(name: string): T {
  const hex = [1, 2, 3, 4].map((seed) => fnv1aHex(seed, name)).join('');
  const variant = ((parseInt(hex.charAt(16), 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}` as T;
}

/** True when the value is a usable hole label: non-blank, trimmed, at most 64 characters. */
export function isHoleId(value: unknown): value is HoleId {
  return (
    typeof value === 'string' &&
    value.length > 0 &&
    value.length <= HOLE_ID_MAX_LENGTH &&
    value.trim() === value
  );
}

/** Parse a hole label (trimmed), throwing InvalidIdError when blank or too long. */
export function parseHoleId(value: unknown): HoleId {
  const trimmed = typeof value === 'string' ? value.trim() : value;
  if (!isHoleId(trimmed)) throw new InvalidIdError('HoleId', value);
  return trimmed;
}

/** Parse a report id. */
export const parseReportId = ReportIds.parse;
/** Guard for a report id. */
export const isReportId = ReportIds.is;
