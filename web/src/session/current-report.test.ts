import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { getCurrentReportId, setCurrentReportId, useCurrentReportId } from './current-report';

describe('current report', () => {
  afterEach(() => localStorage.clear());

  it('is null until a report is chosen, and survives in localStorage', () => {
    expect(getCurrentReportId()).toBeNull();
    setCurrentReportId('0192a7c4-0000-7000-8000-000000000001');
    expect(localStorage.getItem('plod.currentReportId')).toBe(
      '0192a7c4-0000-7000-8000-000000000001',
    );
  });

  it('re-renders screens when the current report changes and when it is cleared', () => {
    const { result } = renderHook(() => useCurrentReportId());
    expect(result.current).toBeNull();
    act(() => setCurrentReportId('0192a7c4-0000-7000-8000-000000000002'));
    expect(result.current).toBe('0192a7c4-0000-7000-8000-000000000002');
    act(() => setCurrentReportId(null));
    expect(result.current).toBeNull();
  });
});
