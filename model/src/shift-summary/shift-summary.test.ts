import { describe, expect, it } from 'vitest';
import {
  canTransition,
  reportTab,
  savedReportsPreview,
  shiftSummaryCreateSchema,
  summaryOverridesPatchSchema,
} from './shift-summary.ts';

describe('report status', () => {
  it('lets an active report be completed, sent or deleted', () => {
    expect(canTransition('active', 'completed')).toBe(true);
    expect(canTransition('active', 'sent')).toBe(true);
    expect(canTransition('active', 'deleted')).toBe(true);
  });
  it('keeps a sent report final except for deletion, and restores a deleted one to active', () => {
    expect(canTransition('sent', 'active')).toBe(false);
    expect(canTransition('sent', 'deleted')).toBe(true);
    expect(canTransition('deleted', 'active')).toBe(true);
    expect(canTransition('deleted', 'sent')).toBe(false);
  });
  it('shows completed reports on the Active tab', () => {
    expect(reportTab('completed')).toBe('active');
    expect(reportTab('sent')).toBe('sent');
  });
});

describe('shift summary bodies', () => {
  it('creates reports active by default', () => {
    expect(shiftSummaryCreateSchema.parse({ shiftType: 'day' })).toMatchObject({
      status: 'active',
      shiftType: 'day',
    });
  });
  it('rejects an unknown shift type and a malformed date', () => {
    expect(shiftSummaryCreateSchema.safeParse({ shiftType: 'evening' }).success).toBe(false);
    expect(shiftSummaryCreateSchema.safeParse({ date: '07/04/2025' }).success).toBe(false);
  });
  it('reads overrides as numbers and clears them with null', () => {
    expect(
      summaryOverridesPatchSchema.parse({
        totalDepthDrilled: '12.5',
        hoursWorked: null,
        operator: ' ',
      }),
    ).toEqual({
      totalDepthDrilled: 12.5,
      hoursWorked: null,
      operator: null,
    });
  });
});

describe('saved reports preview', () => {
  it('shows the latest 5 with View All when there are more', () => {
    const reports = Array.from({ length: 7 }, (_, i) => ({
      id: i,
      updatedAt: `2025-01-0${i + 1}`,
    }));
    const preview = savedReportsPreview(reports);
    expect(preview.visible.map((r) => r.id)).toEqual([6, 5, 4, 3, 2]);
    expect(preview.showViewAll).toBe(true);
    expect(savedReportsPreview(reports.slice(0, 5)).showViewAll).toBe(false);
  });
});
