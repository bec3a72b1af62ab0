import { describe, expect, it } from 'vitest';
import type { HoleId, RunId } from '../ids/ids.ts';
import type { ChainStart, RunInput, RunMeasureInput, StoredRun } from './run.ts';
import {
  deriveRunChain,
  legacyRunLength,
  nextRunContext,
  previewNextRun,
  runInputSchema,
  runLength,
  runSheetEntryBodySchema,
  runsBodySchema,
  runInputFromRunsBody,
} from './run.ts';
import { runRefusal } from './run-rules.ts';

const first = { isFirstOfHole: true, previousStickUp: 0, constantStickUp: 0.5 };
const later = { isFirstOfHole: false, previousStickUp: 0.5, constantStickUp: 0.5 };
const start: ChainStart = {
  startDepth: 0,
  startRunNumber: 1,
  startStickUp: 0,
  constantStickUp: 0.5,
};

/** A run's measures: a run-sheet run with a rod, no stick-up and no ori tool unless said. */
function measures(input: Partial<RunMeasureInput> = {}): RunMeasureInput {
  return { style: 'run-sheet', rodAdded: true, stickUp: 0, oriToolUsed: false, ...input };
}

function stored(i: number, input: Partial<StoredRun> = {}): StoredRun {
  return {
    id: `run-${i}` as RunId,
    holeId: 'DH-2025-001' as HoleId,
    style: 'run-sheet',
    rodAdded: true,
    stickUp: 0.5,
    oriToolUsed: false,
    notes: null,
    recoveredLength: null,
    barrelType: 'NQ',
    createdAt: null,
    recorded: null,
    ...input,
  };
}

describe('run length, run-sheet style', () => {
  it('takes variable and constant stick-up off the 4 m barrel on the first run', () => {
    expect(runLength(measures({ stickUp: 0.3 }), first)).toBe(3.2);
  });
  it('is 3 m minus stick-up for a later run with a rod', () => {
    expect(runLength(measures({ stickUp: 0.5 }), later)).toBe(2.5);
  });
  it('drills the stick-up the previous run left for a later run without a rod', () => {
    expect(runLength(measures({ rodAdded: false }), later)).toBe(0.5);
  });
  it('adds 0.4 m when the ori tool is used', () => {
    expect(runLength(measures({ stickUp: 0.5, oriToolUsed: true }), later)).toBe(2.9);
    expect(runLength(measures({ rodAdded: false, oriToolUsed: true }), later)).toBe(0.9);
  });
  it('is never negative', () => {
    expect(runLength(measures({ stickUp: 5 }), later)).toBe(0);
  });
});

describe('run length, add-run style', () => {
  it('takes stick-up and constant stick-up off the 4 m barrel on the first run, as the modal does', () => {
    expect(runLength(measures({ style: 'add-run', stickUp: 0.7 }), first)).toBe(2.8);
    expect(runLength(measures({ stickUp: 0.7 }), first)).toBe(2.8);
  });
  it('reads a first run recorded before schema 3 as the full 4 m barrel it showed then', () => {
    expect(legacyRunLength(measures({ style: 'add-run', stickUp: 0.7 }), first)).toBe(4);
  });
  it('is 3 m minus stick-up, floored at 0, for later runs with a rod', () => {
    expect(runLength(measures({ style: 'add-run', stickUp: 0.4 }), later)).toBe(2.6);
    expect(runLength(measures({ style: 'add-run', stickUp: 3.5 }), later)).toBe(0);
  });
  it("drills the previous run's stick-up when no rod was added", () => {
    expect(
      runLength(measures({ style: 'add-run', rodAdded: false }), {
        ...later,
        previousStickUp: 0.8,
      }),
    ).toBe(0.8);
  });
});

describe('run chain', () => {
  it('numbers runs from the start and chains each from the previous end', () => {
    const chain = deriveRunChain(
      [stored(1, { stickUp: 0 }), stored(2), stored(3, { rodAdded: false, oriToolUsed: true })],
      start,
    );
    expect(chain.map((r) => [r.runNumber, r.fromDepth, r.toDepth, r.length])).toEqual([
      [1, 0, 3.5, 3.5],
      [2, 3.5, 6, 2.5],
      [3, 6, 6.4, 0.4],
    ]);
  });
  it('keeps the length a run recorded wherever a merge puts it', () => {
    const asFirst = { length: 3, context: { ...first, constantStickUp: 0.5 } };
    const chain = deriveRunChain(
      [
        stored(1, { stickUp: 0.5, recorded: asFirst }),
        stored(2, { stickUp: 0.5, recorded: asFirst }),
      ],
      { ...start, constantStickUp: 0.2 },
    );
    expect(chain.map((r) => [r.runNumber, r.fromDepth, r.toDepth, r.length])).toEqual([
      [1, 0, 3, 3],
      [2, 3, 6, 3],
    ]);
  });
  it('continues a hole from an earlier shift at its recorded depth and run number', () => {
    const chain = deriveRunChain([stored(1)], { ...start, startDepth: 40, startRunNumber: 12 });
    expect(chain[0]).toMatchObject({ runNumber: 12, fromDepth: 40, toDepth: 42.5 });
  });
  it('previews the next run where the chain ends', () => {
    const chain = deriveRunChain([stored(1, { stickUp: 0 })], start);
    const input = runInputSchema.parse({ rodAdded: true, stickUp: 0.5 });
    expect(previewNextRun(chain, start, input)).toEqual({
      runNumber: 2,
      fromDepth: 3.5,
      toDepth: 6,
      length: 2.5,
    });
  });
});

describe('Add Run rule', () => {
  const noRod = runInputSchema.parse({ rodAdded: false });
  const flush = { ...later, previousStickUp: 0 };
  it('is disabled when no rod is added and the length is 0 (the previous run left no stick-up)', () => {
    expect(runRefusal(noRod, flush)).toBe('zero-length');
    expect(runRefusal(noRod, later)).toBeNull();
  });
  it('is enabled for a no-rod run with the ori tool', () => {
    expect(runRefusal({ ...noRod, oriToolUsed: true }, flush)).toBeNull();
  });
  it('refuses No Rod Added on the first run of the second style', () => {
    const input: RunInput = {
      style: 'add-run',
      rodAdded: false,
      stickUp: 0,
      oriToolUsed: false,
      notes: null,
      recoveredLength: null,
    };
    expect(runRefusal(input, nextRunContext([], start))).toBe('no-rod-first-run');
  });
});

describe('run inputs', () => {
  it('defaults the variable stick-up to 0.5 and the style to run-sheet', () => {
    expect(runInputSchema.parse({})).toEqual({
      style: 'run-sheet',
      rodAdded: true,
      stickUp: 0.5,
      oriToolUsed: false,
      notes: null,
      recoveredLength: null,
    });
  });
  it('requires the stick-up in the add-run style, as a number', () => {
    expect(runInputSchema.safeParse({ style: 'add-run', rodAdded: true }).success).toBe(false);
    expect(runInputSchema.safeParse({ style: 'add-run', stickUp: '' }).success).toBe(false);
    expect(runInputSchema.safeParse({ style: 'add-run', stickUp: '0.3' }).success).toBe(false);
    expect(runInputSchema.parse({ style: 'add-run', stickUp: 0.3 })).toMatchObject({
      stickUp: 0.3,
    });
  });
  it('never reads a number from text in REST bodies', () => {
    expect(runSheetEntryBodySchema.safeParse({ holeId: 'DH1', stickUp: 'abc' }).success).toBe(
      false,
    );
    expect(runSheetEntryBodySchema.safeParse({ holeId: 'DH1', stickUp: '0.5' }).success).toBe(
      false,
    );
    expect(runSheetEntryBodySchema.safeParse({ holeId: 'DH1', stickUp: 4.5 }).success).toBe(false);
    expect(runSheetEntryBodySchema.parse({ holeId: 'DH1' }).stickUp).toBe(0.5);
    expect(runsBodySchema.safeParse({ holeId: 'DH1', stickUp: null }).success).toBe(false);
    expect(runsBodySchema.safeParse({ holeId: 'DH1', rodsCount: '1', stickUp: 0 }).success).toBe(
      false,
    );
  });
  it('maps a /api/runs body with no rods to a no-rod run', () => {
    const body = runsBodySchema.parse({ holeId: ' DH1 ', rodsCount: 0, stickUp: 0.2 });
    expect(body.holeId).toBe('DH1');
    expect(runInputFromRunsBody(body)).toMatchObject({
      style: 'add-run',
      rodAdded: false,
      stickUp: 0.2,
    });
  });
});
