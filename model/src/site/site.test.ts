import { describe, expect, it } from 'vitest';
import type { SiteId } from '../ids/ids.ts';
import { SITE_NAME_REQUIRED, siteCreateSchema, siteFromStored, siteUpdateSchema } from './site.ts';

describe('site', () => {
  it('requires a trimmed site name', () => {
    expect(siteCreateSchema.parse({ siteName: '  North Pit ' })).toEqual({ siteName: 'North Pit' });
    expect(siteCreateSchema.safeParse({ siteName: '   ' }).error?.issues[0]?.message).toBe(
      SITE_NAME_REQUIRED,
    );
    expect(siteCreateSchema.safeParse({}).error?.issues[0]?.message).toBe(SITE_NAME_REQUIRED);
  });
  it('ignores cleanup days outside 1-365', () => {
    expect(siteUpdateSchema.parse({ autoCleanupDays: 0 }).autoCleanupDays).toBeUndefined();
    expect(siteUpdateSchema.parse({ autoCleanupDays: 366 }).autoCleanupDays).toBeUndefined();
    expect(siteUpdateSchema.parse({ autoCleanupDays: '45' }).autoCleanupDays).toBe(45);
  });
  it('saves an empty supervisor email as null and rejects a malformed one', () => {
    expect(siteUpdateSchema.parse({ supervisorEmail: '  ' }).supervisorEmail).toBeNull();
    expect(siteUpdateSchema.parse({ supervisorEmail: ' a@b.co ' }).supervisorEmail).toBe('a@b.co');
    expect(siteUpdateSchema.safeParse({ supervisorEmail: 'nope' }).success).toBe(false);
  });
  it('reads stored sites with cleanup 30 days and auto cleanup on unless explicitly false', () => {
    const id = '0190a000-0000-7000-8000-000000000001' as SiteId;
    expect(siteFromStored(id, { siteName: 'A' })).toMatchObject({
      autoCleanupDays: 30,
      enableAutoCleanup: true,
      supervisorEmail: null,
    });
    expect(siteFromStored(id, { enableAutoCleanup: false, autoCleanupDays: 500 })).toMatchObject({
      enableAutoCleanup: false,
      autoCleanupDays: 30,
    });
    expect(siteFromStored(id, { enableAutoCleanup: 'false' }).enableAutoCleanup).toBe(true);
  });
});
