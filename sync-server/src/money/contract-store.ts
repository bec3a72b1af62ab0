import type { Contract, ContractRates, ContractVersion } from '@plod/model';
import type { AppSql, SqlStatement } from '../app-db/app-sql.ts';

/** One change of a contract, as its history lists it. */
export interface ContractChange {
  id: string;
  contractId: string;
  siteId: string;
  /** ISO timestamp. */
  at: string;
  /** Who changed it (a supervisor's name as `actorName` gives it). */
  by: string | null;
  action:
    | 'contract-created'
    | 'contract-changed'
    | 'contract-deleted'
    | 'version-added'
    | 'version-deleted'
    | 'site-setting-changed';
  /** What changed: field, before, after (a version's effective date and its rates). */
  changes: { field: string; before: unknown; after: unknown }[];
}

/** A site's price setting (kept with the contracts, not in the setup document). */
export interface SitePriceSetting {
  siteId: string;
  crewMaySeePrices: boolean;
  updatedAt: string | null;
  updatedBy: string | null;
}

interface ContractRow {
  id: string;
  site_id: string;
  client_name: string;
  contract_number: string;
  created_at: string;
  created_by: string | null;
}
interface VersionRow {
  id: string;
  contract_id: string;
  effective_from: string;
  rates: string;
  created_at: string;
  created_by: string | null;
}
interface ChangeRow {
  id: string;
  contract_id: string;
  site_id: string;
  at: string;
  by_name: string | null;
  action: ContractChange['action'];
  changes: string;
}

const contractOf = (row: ContractRow): Contract => ({
  id: row.id,
  siteId: row.site_id,
  clientName: row.client_name,
  contractNumber: row.contract_number,
  createdAt: row.created_at,
  createdBy: row.created_by,
});
const versionOf = (row: VersionRow): ContractVersion => ({
  id: row.id,
  contractId: row.contract_id,
  effectiveFrom: row.effective_from,
  rates: JSON.parse(row.rates) as ContractRates,
  createdAt: row.created_at,
  createdBy: row.created_by,
});
const changeOf = (row: ChangeRow): ContractChange => ({
  id: row.id,
  contractId: row.contract_id,
  siteId: row.site_id,
  at: row.at,
  by: row.by_name,
  action: row.action,
  changes: JSON.parse(row.changes) as ContractChange['changes'],
});

const TABLES = `
  CREATE TABLE IF NOT EXISTS contract (
    id TEXT PRIMARY KEY,
    site_id TEXT NOT NULL,
    client_name TEXT NOT NULL,
    contract_number TEXT NOT NULL,
    created_at TEXT NOT NULL,
    created_by TEXT
  );
  CREATE INDEX IF NOT EXISTS contract_site ON contract (site_id);
  CREATE TABLE IF NOT EXISTS contract_version (
    id TEXT PRIMARY KEY,
    contract_id TEXT NOT NULL,
    effective_from TEXT NOT NULL,
    rates TEXT NOT NULL,
    created_at TEXT NOT NULL,
    created_by TEXT,
    UNIQUE (contract_id, effective_from)
  );
  CREATE TABLE IF NOT EXISTS contract_history (
    id TEXT PRIMARY KEY,
    contract_id TEXT NOT NULL,
    site_id TEXT NOT NULL,
    at TEXT NOT NULL,
    by_name TEXT,
    action TEXT NOT NULL,
    changes TEXT NOT NULL
  );
  CREATE INDEX IF NOT EXISTS contract_history_contract ON contract_history (contract_id, at);
  CREATE TABLE IF NOT EXISTS site_price_setting (
    site_id TEXT PRIMARY KEY,
    crew_may_see_prices INTEGER NOT NULL,
    updated_at TEXT,
    updated_by TEXT
  );`;

/**
 * Contracts, their dated versions and every change to them, as rows of the app database
 * (`AppSql`): in `plod.db` on SQLite and in PostgreSQL when several processes serve. Each change
 * and its history row are written in one transaction, so the history never misses a change.
 */
export class ContractStore {
  private ready: Promise<void> | null = null;

  constructor(private readonly sql: AppSql) {
    // At once, as the reports table does: the projection's passes read versions, and should not
    // be the ones to create the tables.
    void this.define().catch(() => undefined);
  }

  /** Creates the tables if missing (tried again by the next call after a failure). */
  private define(): Promise<void> {
    this.ready ??= this.sql.define(TABLES).catch((error: unknown) => {
      this.ready = null;
      throw error;
    });
    return this.ready;
  }

  /** Writes `statements` and the change's history row in one batch: all of them or none. */
  private async writeWithHistory(
    change: ContractChange,
    statements: SqlStatement[],
  ): Promise<void> {
    await this.define();
    await this.sql.batch([...statements, this.historyRow(change)]);
  }

  private historyRow(change: ContractChange) {
    return {
      sql: `INSERT INTO contract_history (id, contract_id, site_id, at, by_name, action, changes)
            VALUES (?, ?, ?, ?, ?, ?, ?)`,
      params: [
        change.id,
        change.contractId,
        change.siteId,
        change.at,
        change.by,
        change.action,
        JSON.stringify(change.changes),
      ],
    };
  }

  async contracts(siteIds?: readonly string[]): Promise<Contract[]> {
    await this.define();
    if (siteIds && siteIds.length === 0) return [];
    const where = siteIds ? `WHERE site_id IN (${siteIds.map(() => '?').join(', ')})` : '';
    const rows = await this.sql.all<ContractRow>(
      `SELECT * FROM contract ${where} ORDER BY client_name, contract_number, id`,
      siteIds ?? [],
    );
    return rows.map(contractOf);
  }

  async contract(id: string): Promise<Contract | null> {
    await this.define();
    const [row] = await this.sql.all<ContractRow>('SELECT * FROM contract WHERE id = ?', [id]);
    return row ? contractOf(row) : null;
  }

  async versions(contractIds: readonly string[]): Promise<ContractVersion[]> {
    await this.define();
    if (contractIds.length === 0) return [];
    const rows = await this.sql.all<VersionRow>(
      `SELECT * FROM contract_version WHERE contract_id IN (${contractIds.map(() => '?').join(', ')})
       ORDER BY effective_from, id`,
      contractIds,
    );
    return rows.map(versionOf);
  }

  async version(id: string): Promise<ContractVersion | null> {
    await this.define();
    const [row] = await this.sql.all<VersionRow>('SELECT * FROM contract_version WHERE id = ?', [
      id,
    ]);
    return row ? versionOf(row) : null;
  }

  /** Every version of every contract of a site (the one in force prices a plod of that site). */
  async versionsOfSite(siteId: string): Promise<ContractVersion[]> {
    await this.define();
    const rows = await this.sql.all<VersionRow>(
      `SELECT v.* FROM contract_version v JOIN contract c ON c.id = v.contract_id
       WHERE c.site_id = ? ORDER BY v.effective_from, v.id`,
      [siteId],
    );
    return rows.map(versionOf);
  }

  async insertContract(contract: Contract, change: ContractChange): Promise<void> {
    await this.writeWithHistory(change, [
      {
        sql: `INSERT INTO contract (id, site_id, client_name, contract_number, created_at, created_by)
              VALUES (?, ?, ?, ?, ?, ?)`,
        params: [
          contract.id,
          contract.siteId,
          contract.clientName,
          contract.contractNumber,
          contract.createdAt,
          contract.createdBy,
        ],
      },
    ]);
  }

  async updateContract(contract: Contract, change: ContractChange): Promise<void> {
    await this.writeWithHistory(change, [
      {
        sql: 'UPDATE contract SET client_name = ?, contract_number = ? WHERE id = ?',
        params: [contract.clientName, contract.contractNumber, contract.id],
      },
    ]);
  }

  /** Removes a contract and its versions; its history stays. */
  async deleteContract(id: string, change: ContractChange): Promise<void> {
    await this.writeWithHistory(change, [
      { sql: 'DELETE FROM contract_version WHERE contract_id = ?', params: [id] },
      { sql: 'DELETE FROM contract WHERE id = ?', params: [id] },
    ]);
  }

  async insertVersion(version: ContractVersion, change: ContractChange): Promise<void> {
    await this.writeWithHistory(change, [
      {
        sql: `INSERT INTO contract_version (id, contract_id, effective_from, rates, created_at, created_by)
              VALUES (?, ?, ?, ?, ?, ?)`,
        params: [
          version.id,
          version.contractId,
          version.effectiveFrom,
          JSON.stringify(version.rates),
          version.createdAt,
          version.createdBy,
        ],
      },
    ]);
  }

  async deleteVersion(id: string, change: ContractChange): Promise<void> {
    await this.writeWithHistory(change, [
      { sql: 'DELETE FROM contract_version WHERE id = ?', params: [id] },
    ]);
  }

  /** A contract's changes, oldest first. */
  async history(contractId: string): Promise<ContractChange[]> {
    await this.define();
    const rows = await this.sql.all<ChangeRow>(
      'SELECT * FROM contract_history WHERE contract_id = ? ORDER BY at, id',
      [contractId],
    );
    return rows.map(changeOf);
  }

  /** Every change of a site's contracts and its price setting, oldest first. */
  async siteHistory(siteId: string): Promise<ContractChange[]> {
    await this.define();
    const rows = await this.sql.all<ChangeRow>(
      'SELECT * FROM contract_history WHERE site_id = ? ORDER BY at, id',
      [siteId],
    );
    return rows.map(changeOf);
  }

  async siteSetting(siteId: string): Promise<SitePriceSetting> {
    await this.define();
    const [row] = await this.sql.all<{
      crew_may_see_prices: number;
      updated_at: string | null;
      updated_by: string | null;
    }>('SELECT * FROM site_price_setting WHERE site_id = ?', [siteId]);
    return {
      siteId,
      crewMaySeePrices: Number(row?.crew_may_see_prices ?? 0) === 1,
      updatedAt: row?.updated_at ?? null,
      updatedBy: row?.updated_by ?? null,
    };
  }

  async setSiteSetting(setting: SitePriceSetting, change: ContractChange): Promise<void> {
    await this.writeWithHistory(change, [
      {
        sql: `INSERT INTO site_price_setting (site_id, crew_may_see_prices, updated_at, updated_by)
              VALUES (?, ?, ?, ?)
              ON CONFLICT (site_id) DO UPDATE SET crew_may_see_prices = excluded.crew_may_see_prices,
                updated_at = excluded.updated_at, updated_by = excluded.updated_by`,
        params: [
          setting.siteId,
          setting.crewMaySeePrices ? 1 : 0,
          setting.updatedAt,
          setting.updatedBy,
        ],
      },
    ]);
  }
}
