import { readSetup } from '@plod/model';
import type { BundleReference, SetupSnapshot, ShiftReportBundle } from '@plod/model';
import type { DocumentService } from './documents.ts';

/**
 * Current site and rig names from the setup document, cached until the setup document changes, so
 * projected reports (which keep the names stored in each report) show renamed sites and rigs.
 */
export class ReferenceNames {
  private cached: Promise<Map<string, string>> | null = null;

  constructor(private readonly docs: DocumentService) {}

  invalidate(): void {
    this.cached = null;
  }

  /** The sites and rigs (a rig with its site), as a bundle's reference needs them and more. */
  async reference(): Promise<Pick<SetupSnapshot, 'sites' | 'rigs'> & BundleReference> {
    return this.docs.readSetup((doc) => {
      const { sites, rigs } = readSetup(doc);
      return { sites, rigs };
    });
  }

  /** id -> name for every site and rig. */
  names(): Promise<Map<string, string>> {
    this.cached ??= this.reference().then(({ sites = [], rigs = [] }) => {
      const names = new Map<string, string>();
      for (const site of sites) names.set(site.id, site.siteName);
      for (const rig of rigs) names.set(rig.id, rig.rigName);
      return names;
    });
    return this.cached;
  }

  /** A projected bundle with current names. */
  overlay(bundle: ShiftReportBundle, names: Map<string, string>): ShiftReportBundle {
    const summary = bundle.shiftSummary;
    return {
      ...bundle,
      shiftSummary: {
        ...summary,
        site: (summary.siteId && names.get(summary.siteId)) || summary.site,
        rig: (summary.rigId && names.get(summary.rigId)) || summary.rig,
      },
    };
  }
}
