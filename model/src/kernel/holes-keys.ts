/**
 * Root maps of the hole register ('holes') and its schema version. Zod-free, so the sync layer can tell
 * a register's version without loading the register's readers.
 */
export const HOLES_ROOTS = {
  meta: 'meta',
  /** Before schema 2: one entry per label, still read as that hole's first write. */
  holes: 'holes',
  setups: 'setups',
  numbers: 'holeNumbers',
  /** The bit register (holes-doc/bit-register.ts): one plain value per bit and field. */
  bits: 'bits',
  /** Metres each plod's bits drilled, per (plod, serial), for life-to-date on the phone. */
  bitMetres: 'bitMetres',
} as const;

/** Current schema version of the hole register. */
export const HOLES_SCHEMA_VERSION = 2;
