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
  it('lets the crew reopen a completed report, but not a sent one', () => {
    expect(canTransition('completed', 'active')).toBe(true);
    expect(canTransition('sent', 'active')).toBe(false);
    expect(canTransition('sent', 'completed')).toBe(false);
  });
  it('takes a sent report to approved or returned; a returned one goes back to sent', () => {
    expect(canTransition('sent', 'approved')).toBe(true);
    expect(canTransition('sent', 'returned')).toBe(true);
    expect(canTransition('returned', 'sent')).toBe(true);
    expect(canTransition('active', 'approved')).toBe(false);
    expect(canTransition('returned', 'approved')).toBe(false);
  });
  it('locks an approved report', () => {
    for (const to of ['active', 'completed', 'sent', 'returned', 'deleted'] as const) {
      expect(canTransition('approved', to)).toBe(false);
    }
  });
  it('restores a deleted report to the status it could have had, never to approved', () => {
    expect(canTransition('sent', 'deleted')).toBe(true);
    expect(canTransition('deleted', 'active')).toBe(true);
    expect(canTransition('deleted', 'sent')).toBe(true);
    expect(canTransition('deleted', 'approved')).toBe(false);
  });
  it('shows completed and returned reports on the Active tab, approved ones under Sent', () => {
    expect(reportTab('completed')).toBe('active');
    expect(reportTab('returned')).toBe('active');
    expect(reportTab('sent')).toBe('sent');
    expect(reportTab('approved')).toBe('sent');
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
