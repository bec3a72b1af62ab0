import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  PostgresMissingError,
  findPostgresBinaries,
  postgresSearchDirs,
} from '../scripts/pg-cluster.ts';
import { tempDir } from './helpers.ts';

/** A folder holding an initdb and nothing else of PostgreSQL. */
function folderWithInitdbOnly(): string {
  const dir = tempDir();
  fs.writeFileSync(path.join(dir, 'initdb'), '#!/bin/sh\n', { mode: 0o755 });
  return dir;
}

describe('the PostgreSQL test cluster', () => {
  it('fails, naming what is missing, on a machine without PostgreSQL (no silent skip)', () => {
    const find = () => findPostgresBinaries([tempDir(), folderWithInitdbOnly()]);
    expect(find).toThrow(PostgresMissingError);
    expect(find).toThrow(expect.objectContaining({ reason: 'postgres-missing' }));
    expect(find).toThrow('pg_ctl, postgres were not found');
  });

  it('finds the binaries this machine has (CI machines have PostgreSQL 15)', () => {
    const { initdb, pgCtl } = findPostgresBinaries(postgresSearchDirs());
    expect(path.basename(initdb)).toBe('initdb');
    expect(path.basename(pgCtl)).toBe('pg_ctl');
  });
});
