import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  PostgresMissingError,
  findPostgresBinaries,
  postgresSearchDirs,
} from '../scripts/pg-cluster.ts';
import { tempDir } from './helpers.ts';

describe('the PostgreSQL test cluster', () => {
  it('fails, naming what is missing, on a machine without PostgreSQL (no silent skip)', () => {
    const partial = tempDir();
    fs.writeFileSync(path.join(partial, 'initdb'), '#!/bin/sh\n', { mode: 0o755 });
    let error: unknown;
    try {
      findPostgresBinaries([tempDir(), partial]);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(PostgresMissingError);
    expect((error as PostgresMissingError).reason).toBe('postgres-missing');
    expect((error as Error).message).toContain('pg_ctl, postgres were not found');
  });

  it('finds the binaries this machine has (CI machines have PostgreSQL 15)', () => {
    const { initdb, pgCtl } = findPostgresBinaries(postgresSearchDirs());
    expect(path.basename(initdb)).toBe('initdb');
    expect(path.basename(pgCtl)).toBe('pg_ctl');
  });
});
