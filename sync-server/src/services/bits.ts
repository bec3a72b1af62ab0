import type { BitPatch, RegisteredBit, bitInputSchema } from '@plod/model';
import {
  findBit,
  lifeToDateMetres,
  readBitRegister,
  registerBit,
  removeBit,
  updateBit,
} from '@plod/model';
import type { z } from 'zod';
import type { DocumentService } from './documents.ts';
import { NotFoundError } from '../errors.ts';
import { LIVE_STATUSES, type ReportService } from './reports.ts';

/** A bit of the register with the metres it drilled on every stored plod. */
export type BitRow = RegisteredBit & { lifeToDateMetres: number };

/** The bit register (a root of the 'holes' document) and each bit's life-to-date metres. */
export class BitService {
  constructor(
    private readonly docs: DocumentService,
    private readonly reports: ReportService,
  ) {}

  /**
   * Every registered bit with its life-to-date metres: summed by the server over the stored plods
   * (their projected runs and bit changes), so it counts plods no one phone holds.
   */
  async bits(): Promise<BitRow[]> {
    const register = await this.docs.readHoles(readBitRegister);
    const bundles = await this.reports.bundles({ statuses: LIVE_STATUSES });
    const metres = lifeToDateMetres(
      bundles.map((b) => ({ runs: b.runSheetEntries, changes: b.bitChanges })),
    );
    return register.map((bit) => ({ ...bit, lifeToDateMetres: metres.get(bit.serial) ?? 0 }));
  }

  /**
   * One bit with its life-to-date metres, read from the plods of the holes it was ever changed on
   * alone (its changes, and the runs of those holes, are all the metres rule reads of it): the same
   * answer as the whole list's.
   */
  async bit(serial: string): Promise<BitRow> {
    const found = await this.docs.readHoles((doc) => findBit(doc, serial));
    if (!found) throw NotFoundError.of('Bit', serial);
    const { holeIds, bundles } = await this.reports.bitBundles(found.serial, {
      statuses: LIVE_STATUSES,
    });
    const holes = new Set(holeIds);
    const metres = lifeToDateMetres(
      bundles.map((b) => ({
        runs: b.runSheetEntries.filter((run) => holes.has(run.holeId)),
        changes: b.bitChanges.filter((change) => holes.has(change.holeId)),
      })),
    );
    return { ...found, lifeToDateMetres: metres.get(found.serial) ?? 0 };
  }

  async register(input: z.output<typeof bitInputSchema>): Promise<BitRow> {
    const serial = await this.docs.writeHoles((doc) => registerBit(doc, input));
    return this.bit(serial);
  }

  async update(serial: string, patch: BitPatch): Promise<BitRow> {
    const bit = await this.docs.writeHoles((doc) => updateBit(doc, serial, patch));
    return this.bit(bit.serial);
  }

  async remove(serial: string) {
    const removed = await this.docs.writeHoles((doc) => removeBit(doc, serial));
    if (!removed) throw NotFoundError.of('Bit', serial);
    return { message: 'Bit removed', serial };
  }
}
