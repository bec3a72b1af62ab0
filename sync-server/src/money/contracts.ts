import { randomUUID } from 'node:crypto';
import { chargesOfPlod, readSetup, toBundle } from '@plod/model';
import type {
  ChargeableBundle,
  Contract,
  ContractCreate,
  ContractUpdate,
  ContractVersion,
  ContractVersionInput,
  PlodCharges,
  ReportId,
  ShiftReportBundle,
} from '@plod/model';
import {
  contractCreateSchema,
  contractUpdateSchema,
  contractVersionInputSchema,
} from '@plod/model';
import type { Principal } from '../auth/principal.ts';
import { actorName } from '../auth/principal.ts';
import { ConflictError, ForbiddenError, NotFoundError } from '../errors.ts';
import type { Projector } from '../projections/projector.ts';
import type { PlodDates, ReportFilter } from '../projections/report-table.ts';
import type { DocumentService } from '../services/documents.ts';
import type { ReportService } from '../services/reports.ts';
import { checkSiteAccess, filterFor, OTHER_SITE } from '../services/supervisor-desk.ts';
import type { ContractChange, ContractStore, SitePriceSetting } from './contract-store.ts';

export const PRICES_HIDDEN_FROM_CREWS =
  'Prices are not shown to crews on this site (a supervisor may allow it on the Contracts screen)';
export const VERSION_DATE_TAKEN = 'This contract already has a version from that date';

/** A contract with its versions, oldest first. */
export interface ContractWithVersions extends Contract {
  versions: ContractVersion[];
}

/** One plod's charges with what names it (the invoice export's unit). */
export interface PricedPlod {
  bundle: ShiftReportBundle;
  charges: PlodCharges;
}

/**
 * Contracts (supervisors write, client accounts read their sites'), their history, the site's
 * "crew may see prices" setting, and the charges of plods priced with `chargesOfPlod`. A change of
 * a site's versions, once committed, has the projection price that site's plods again (the KPIs'
 * revenue).
 */
export class ContractService {
  constructor(
    private readonly store: ContractStore,
    private readonly docs: DocumentService,
    private readonly reports: ReportService,
    private readonly projection: Pick<Projector, 'sitePricesChanged'>,
  ) {}

  private change(
    by: Principal | null,
    contract: Pick<Contract, 'id' | 'siteId'>,
    action: ContractChange['action'],
    changes: ContractChange['changes'],
  ): ContractChange {
    return {
      id: randomUUID(),
      contractId: contract.id,
      siteId: contract.siteId,
      at: new Date().toISOString(),
      by: actorName(by),
      action,
      changes,
    };
  }

  /**
   * The shift dates whose price a version from `effectiveFrom` decides on a site (added or
   * removed): from that date to the site's next version, the only plods to price again.
   */
  private async decidedBy(siteId: string, effectiveFrom: string): Promise<PlodDates> {
    const later = (await this.store.versionsOfSite(siteId))
      .map((v) => v.effectiveFrom)
      .filter((date) => date > effectiveFrom)
      .sort();
    return { from: effectiveFrom, before: later[0] };
  }

  private async requireSite(siteId: string): Promise<void> {
    const known = await this.docs.readSetup((doc) =>
      readSetup(doc).sites.some((site) => site.id === siteId),
    );
    if (!known) throw NotFoundError.of('Site', siteId);
  }

  /** A contract `principal` may read: 404 unknown, 403 a client account's other site. */
  private async readable(principal: Principal | null, id: string): Promise<Contract> {
    const contract = await this.store.contract(id);
    if (!contract) throw NotFoundError.of('Contract', id);
    if (principal?.kind === 'client' && !principal.siteIds.includes(contract.siteId)) {
      throw new ForbiddenError(OTHER_SITE);
    }
    return contract;
  }

  private async withVersions(contracts: Contract[]): Promise<ContractWithVersions[]> {
    const versions = await this.store.versions(contracts.map((c) => c.id));
    return contracts.map((c) => ({
      ...c,
      versions: versions.filter((v) => v.contractId === c.id),
    }));
  }

  /** Contracts with their versions; a client account's sites only. */
  async list(principal: Principal | null, siteId?: string): Promise<ContractWithVersions[]> {
    let siteIds: readonly string[] | undefined = siteId === undefined ? undefined : [siteId];
    if (principal?.kind === 'client') {
      siteIds = (siteIds ?? principal.siteIds).filter((id) => principal.siteIds.includes(id));
    }
    return this.withVersions(await this.store.contracts(siteIds));
  }

  async get(principal: Principal | null, id: string): Promise<ContractWithVersions> {
    const [contract] = await this.withVersions([await this.readable(principal, id)]);
    if (!contract) throw NotFoundError.of('Contract', id);
    return contract;
  }

  async create(by: Principal | null, body: ContractCreate): Promise<ContractWithVersions> {
    const input = contractCreateSchema.parse(body);
    await this.requireSite(input.siteId);
    const contract: Contract = {
      id: randomUUID(),
      ...input,
      createdAt: new Date().toISOString(),
      createdBy: actorName(by),
    };
    await this.store.insertContract(
      contract,
      this.change(by, contract, 'contract-created', [
        { field: 'clientName', before: null, after: contract.clientName },
        { field: 'contractNumber', before: null, after: contract.contractNumber },
      ]),
    );
    return { ...contract, versions: [] };
  }

  /** Writes only the fields that changed; no change, no history row. */
  async update(by: Principal | null, id: string, body: ContractUpdate) {
    const patch = contractUpdateSchema.parse(body);
    const contract = await this.readable(by, id);
    const next = { ...contract, ...patch };
    const changes = (['clientName', 'contractNumber'] as const)
      .filter((field) => next[field] !== contract[field])
      .map((field) => ({ field, before: contract[field], after: next[field] }));
    if (changes.length > 0) {
      await this.store.updateContract(next, this.change(by, contract, 'contract-changed', changes));
    }
    return this.get(by, id);
  }

  async remove(by: Principal | null, id: string) {
    const contract = await this.readable(by, id);
    await this.store.deleteContract(
      id,
      this.change(by, contract, 'contract-deleted', [
        { field: 'contractNumber', before: contract.contractNumber, after: null },
      ]),
    );
    await this.projection.sitePricesChanged(contract.siteId);
    return { message: 'Contract deleted', id };
  }

  async addVersion(by: Principal | null, id: string, body: ContractVersionInput) {
    const input = contractVersionInputSchema.parse(body);
    const contract = await this.get(by, id);
    if (contract.versions.some((v) => v.effectiveFrom === input.effectiveFrom)) {
      throw new ConflictError(VERSION_DATE_TAKEN);
    }
    const version: ContractVersion = {
      id: randomUUID(),
      contractId: id,
      effectiveFrom: input.effectiveFrom,
      rates: input.rates,
      createdAt: new Date().toISOString(),
      createdBy: actorName(by),
    };
    const previous = contract.versions.filter((v) => v.effectiveFrom < input.effectiveFrom).at(-1);
    await this.store.insertVersion(
      version,
      this.change(by, contract, 'version-added', [
        { field: 'effectiveFrom', before: null, after: version.effectiveFrom },
        { field: 'rates', before: previous?.rates ?? null, after: version.rates },
      ]),
    );
    await this.projection.sitePricesChanged(
      contract.siteId,
      await this.decidedBy(contract.siteId, version.effectiveFrom),
    );
    return version;
  }

  async removeVersion(by: Principal | null, id: string, versionId: string) {
    const contract = await this.readable(by, id);
    const version = await this.store.version(versionId);
    if (!version || version.contractId !== id)
      throw NotFoundError.of('Contract version', versionId);
    await this.store.deleteVersion(
      versionId,
      this.change(by, contract, 'version-deleted', [
        { field: 'effectiveFrom', before: version.effectiveFrom, after: null },
        { field: 'rates', before: version.rates, after: null },
      ]),
    );
    await this.projection.sitePricesChanged(
      contract.siteId,
      await this.decidedBy(contract.siteId, version.effectiveFrom),
    );
    return { message: 'Contract version deleted', id: versionId };
  }

  async history(principal: Principal | null, id: string): Promise<ContractChange[]> {
    const contract = await this.readable(principal, id);
    return (await this.store.siteHistory(contract.siteId)).filter(
      (change) => change.contractId === id,
    );
  }

  /** Every change of a site's contracts and price setting (the Contracts screen's history). */
  async siteHistory(principal: Principal | null, siteId: string): Promise<ContractChange[]> {
    if (principal?.kind === 'client' && !principal.siteIds.includes(siteId)) {
      throw new ForbiddenError(OTHER_SITE);
    }
    return this.store.siteHistory(siteId);
  }

  siteSetting(siteId: string): Promise<SitePriceSetting> {
    return this.store.siteSetting(siteId);
  }

  async setSiteSetting(
    by: Principal | null,
    siteId: string,
    crewMaySeePrices: boolean,
  ): Promise<SitePriceSetting> {
    await this.requireSite(siteId);
    const before = await this.store.siteSetting(siteId);
    if (before.crewMaySeePrices === crewMaySeePrices) return before;
    const setting: SitePriceSetting = {
      siteId,
      crewMaySeePrices,
      updatedAt: new Date().toISOString(),
      updatedBy: actorName(by),
    };
    await this.store.setSiteSetting(
      setting,
      this.change(by, { id: `site:${siteId}`, siteId }, 'site-setting-changed', [
        { field: 'crewMaySeePrices', before: before.crewMaySeePrices, after: crewMaySeePrices },
      ]),
    );
    return setting;
  }

  /**
   * A plod's charges for `principal`: a client account its sites' plods only, a crew device only
   * where the site lets crews see prices.
   */
  async charges(principal: Principal | null, id: ReportId): Promise<PricedPlod> {
    const reference = await this.reports.names.reference();
    const bundle = await this.docs.readReport(id, (doc) => {
      checkSiteAccess(principal, doc);
      return toBundle(doc, reference);
    });
    const charges = await this.chargesShownTo(principal, bundle);
    if (charges === null) throw new ForbiddenError(PRICES_HIDDEN_FROM_CREWS);
    return { bundle, charges };
  }

  /**
   * The charges of a plod `principal` may read (the caller checked its site), or null where its
   * prices are hidden from `principal`: a crew device sees them only where the plod's site lets
   * crews see prices. The one rule for the charges route and the PDF.
   */
  async chargesShownTo(
    principal: Principal | null,
    bundle: ChargeableBundle,
  ): Promise<PlodCharges | null> {
    const siteId = bundle.shiftSummary.siteId;
    if (principal?.kind === 'device') {
      const allowed = siteId !== null && (await this.store.siteSetting(siteId)).crewMaySeePrices;
      if (!allowed) return null;
    }
    const versions = siteId === null ? [] : await this.store.versionsOfSite(siteId);
    return chargesOfPlod(bundle, versions);
  }

  /**
   * The charges of every plod the filter lets through (a client account's sites only), newest
   * first, a page at a time: an export of any length holds one page of plods.
   */
  async pricedPages(
    principal: Principal | null,
    filter: ReportFilter,
  ): Promise<AsyncGenerator<PricedPlod[], void>> {
    const pages = await this.reports.bundlePages(filterFor(principal, filter));
    const store = this.store;
    const versionsBySite = new Map<string, ContractVersion[]>();
    const versionsOf = async (siteId: string | null) => {
      if (siteId === null) return [];
      let versions = versionsBySite.get(siteId);
      if (!versions) {
        versions = await store.versionsOfSite(siteId);
        versionsBySite.set(siteId, versions);
      }
      return versions;
    };
    return (async function* () {
      try {
        for await (const page of pages) {
          const priced: PricedPlod[] = [];
          for (const bundle of page) {
            const versions = await versionsOf(bundle.shiftSummary.siteId);
            priced.push({ bundle, charges: chargesOfPlod(bundle, versions) });
          }
          yield priced;
        }
      } finally {
        await pages.return(undefined);
      }
    })();
  }
}
