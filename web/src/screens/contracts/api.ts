import type { Contract, ContractVersion, ContractVersionInput, PlodCharges } from '@plod/model';
import { apiFetch, apiJson, jsonBody } from '../../auth';
import { attachmentFilename } from '../site-config/api';

export interface ContractWithVersions extends Contract {
  versions: ContractVersion[];
}

/** One change of a site's contracts, as GET /api/contracts/history lists it. */
export interface ContractChange {
  id: string;
  contractId: string;
  at: string;
  by: string | null;
  action: string;
  changes: { field: string; before: unknown; after: unknown }[];
}

export interface SitePriceSetting {
  siteId: string;
  crewMaySeePrices: boolean;
}

const q = encodeURIComponent;

export const fetchContracts = (siteId: string) =>
  apiJson<ContractWithVersions[]>(`/api/contracts?siteId=${q(siteId)}`);

export const createContract = (body: {
  siteId: string;
  clientName: string;
  contractNumber: string;
}) => apiJson<ContractWithVersions>('/api/contracts', jsonBody('POST', body));

export const addVersion = (contractId: string, body: ContractVersionInput) =>
  apiJson<ContractVersion>(`/api/contracts/${q(contractId)}/versions`, jsonBody('POST', body));

export const deleteVersion = (contractId: string, versionId: string) =>
  apiJson(`/api/contracts/${q(contractId)}/versions/${q(versionId)}`, { method: 'DELETE' });

export const fetchHistory = (siteId: string) =>
  apiJson<ContractChange[]>(`/api/contracts/history?siteId=${q(siteId)}`);

export const fetchSiteSetting = (siteId: string) =>
  apiJson<SitePriceSetting>(`/api/contracts/site-settings/${q(siteId)}`);

export const saveSiteSetting = (siteId: string, crewMaySeePrices: boolean) =>
  apiJson<SitePriceSetting>(
    `/api/contracts/site-settings/${q(siteId)}`,
    jsonBody('PUT', { crewMaySeePrices }),
  );

/** Every version of every contract of a site: the desk prices a plod locally with them. */
export async function fetchSiteVersions(siteId: string): Promise<ContractVersion[]> {
  return (await fetchContracts(siteId)).flatMap((c) => c.versions);
}

export const fetchPlodCharges = (reportId: string) =>
  apiJson<PlodCharges>(`/api/shift-summaries/${q(reportId)}/charges`);

/** Downloads invoice lines (CSV or XLSX) for a list filter's query (`?siteId=...`). */
export async function downloadInvoiceLines(format: 'csv' | 'xlsx', query: string): Promise<void> {
  const response = await apiFetch(`/api/charges.${format}${query}`);
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = attachmentFilename(
    response.headers.get('Content-Disposition'),
    `invoice-lines.${format}`,
  );
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
