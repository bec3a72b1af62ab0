import { describe, expect, it } from 'vitest';
import { referenceDataState } from './ReferenceDataPrompt';

const info = (over: Partial<Parameters<typeof referenceDataState>[0]> = {}) => ({
  status: 'ready' as const,
  provider: 'disconnected',
  serverSynced: false,
  ...over,
});

describe('reference data on the phone', () => {
  it('says nothing while the device copy loads or once sites are there', () => {
    expect(referenceDataState(info({ status: 'loading' }), 0)).toBe('waiting');
    expect(referenceDataState(info(), 2)).toBe('present');
  });

  it('is missing when the phone holds none and cannot reach the server', () => {
    expect(referenceDataState(info({ provider: 'disconnected' }), 0)).toBe('missing');
  });

  it('waits while the server is being reached (no flash of the prompt online)', () => {
    expect(referenceDataState(info({ provider: 'connecting' }), 0)).toBe('waiting');
    expect(referenceDataState(info({ provider: 'connected' }), 0)).toBe('waiting');
  });

  it('says none are set up when the server answered with none', () => {
    expect(referenceDataState(info({ provider: 'connected', serverSynced: true }), 0)).toBe(
      'none-set-up',
    );
  });
});
