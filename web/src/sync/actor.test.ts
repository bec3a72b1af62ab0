import 'fake-indexeddb/auto';
import {
  ReportIds,
  createReport,
  readHistory,
  reportDocName,
  setReportNotes,
  setSummaryOverrides,
} from '@plod/model';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEVICE_KEY, SUPERVISOR_KEY } from '../auth';
import { setDeviceName } from '../session/device-name';
import { appActor } from './actor';
import type { SyncRuntime } from './runtime';
import { offlineSyncRuntime } from './testing/runtime';

const runtimes: SyncRuntime[] = [];
beforeEach(() => localStorage.clear());
afterEach(async () => {
  await Promise.all(runtimes.splice(0).map((runtime) => runtime.dispose()));
  localStorage.clear();
});

const joined = { token: 't', deviceId: 'dev-7', deviceName: 'Rig 7 tablet' };

describe('who changes to reports are by', () => {
  it('is the person on a joined phone with its device, or the signed-in supervisor', () => {
    localStorage.setItem(DEVICE_KEY, JSON.stringify(joined));
    setDeviceName('Ann');
    expect(appActor()).toEqual({
      kind: 'crew',
      name: 'Ann',
      deviceId: 'dev-7',
      deviceName: 'Rig 7 tablet',
    });
    localStorage.setItem(
      SUPERVISOR_KEY,
      JSON.stringify({ username: 'boss', expiresAt: Date.now() + 60_000 }),
    );
    expect(appActor()).toMatchObject({ kind: 'supervisor', name: 'boss', deviceId: null });
    localStorage.setItem(
      SUPERVISOR_KEY,
      JSON.stringify({ username: 'mine-co', role: 'client', expiresAt: Date.now() + 60_000 }),
    );
    expect(appActor()).toMatchObject({ kind: 'client', name: 'mine-co', deviceId: null });
  });

  it('is named on every report the app opens, and follows a new name on the phone', () => {
    localStorage.setItem(DEVICE_KEY, JSON.stringify(joined));
    setDeviceName('Ann');
    const runtime = offlineSyncRuntime({
      auth: null,
    });
    runtimes.push(runtime);
    const id = ReportIds.create();
    const name = reportDocName(id);
    const { registry } = runtime;
    registry.mutate(name, createReport, { id });
    registry.mutate(name, setSummaryOverrides, { totalDepthDrilled: 4 });
    setDeviceName('Ann B.');
    registry.mutate(name, setReportNotes, 'Renamed');
    const names = registry.read(name, readHistory).map((entry) => entry.actor?.name);
    expect(names.at(0)).toBe('Ann');
    expect(names.at(-2)).toBe('Ann');
    expect(names.at(-1)).toBe('Ann B.');
  });
});
