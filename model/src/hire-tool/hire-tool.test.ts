import { describe, expect, it } from 'vitest';
import {
  TOOL_NAME_REQUIRED,
  hireToolCost,
  hireToolCreateSchema,
  hireToolUsageInputSchema,
  totalHireToolCost,
} from './hire-tool.ts';

const siteId = '0190a000-0000-7000-8000-000000000001';

describe('hire tools', () => {
  it('costs quantity x hours x rate', () => {
    expect(hireToolCost({ quantity: 2, hours: 1.5, ratePerHour: 12.25 })).toBe(36.75);
    expect(
      totalHireToolCost([
        { quantity: 1, hours: 1, ratePerHour: 0.1 },
        { quantity: 1, hours: 1, ratePerHour: 0.2 },
      ]),
    ).toBe(0.3);
  });
  it('defaults quantity 1, hours 1, rate 0 and ignores a sent total', () => {
    expect(hireToolUsageInputSchema.parse({ toolName: 'Pump', totalCost: 999 })).toMatchObject({
      toolName: 'Pump',
      quantity: 1,
      hours: 1,
      ratePerHour: 0,
      notes: null,
    });
  });
  it('falls back to quantity 1 when non-numeric and rejects quantity below 1', () => {
    expect(hireToolUsageInputSchema.parse({ toolName: 'P', quantity: 'x' }).quantity).toBe(1);
    expect(hireToolUsageInputSchema.safeParse({ toolName: 'P', quantity: 0 }).success).toBe(false);
  });
  it('takes hours in 0.5 steps from 0 and rates in cents from 0', () => {
    expect(
      hireToolUsageInputSchema.parse({ toolName: 'P', hours: '2.5', ratePerHour: '10.25' }),
    ).toMatchObject({
      hours: 2.5,
      ratePerHour: 10.25,
    });
    expect(hireToolUsageInputSchema.safeParse({ toolName: 'P', hours: 0.3 }).success).toBe(false);
    expect(hireToolUsageInputSchema.safeParse({ toolName: 'P', ratePerHour: 1.005 }).success).toBe(
      false,
    );
    expect(hireToolUsageInputSchema.safeParse({ toolName: 'P', ratePerHour: -1 }).success).toBe(
      false,
    );
  });
  it('requires a tool name', () => {
    expect(hireToolUsageInputSchema.safeParse({ toolName: ' ' }).error?.issues[0]?.message).toBe(
      TOOL_NAME_REQUIRED,
    );
  });
  it('accepts the library name as toolName or name', () => {
    expect(hireToolCreateSchema.parse({ name: ' Core tray ', siteId, ratePerHour: 5 })).toEqual({
      toolName: 'Core tray',
      toolDescription: null,
      ratePerHour: 5,
      siteId,
    });
    expect(hireToolCreateSchema.safeParse({ siteId }).error?.issues[0]?.message).toBe(
      TOOL_NAME_REQUIRED,
    );
  });
});
