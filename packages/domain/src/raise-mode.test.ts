import { describe, expect, it } from 'vitest';
import { appModeBody, dashboardBuckets, dashboardPreset, dashboardPresets, presetRange } from './institution.ts';

describe('dashboard windows (002 §2)', () => {
  it('gives every preset its number of buckets, the last one holding now', () => {
    const now = new Date('2026-11-22T08:30:15.000Z');
    for (const preset of dashboardPreset.options) {
      const { start, end, scale } = presetRange(preset, now);
      const buckets = dashboardBuckets(start, end, scale);
      expect(buckets, preset).toHaveLength(dashboardPresets[preset].ticks);
      expect(new Date(buckets.at(-1)!) <= now).toBe(true);
    }
    const day = presetRange('24hrs', now);
    expect(dashboardBuckets(day.start, day.end, day.scale).at(-1)).toBe('2026-11-22T08:00:00.000Z');
    expect(dashboardBuckets(new Date('2026-01-31T10:00:00Z'), new Date('2026-03-01T00:00:00Z'), 'month')).toEqual([
      '2026-01-01T00:00:00.000Z',
      '2026-02-01T00:00:00.000Z',
      '2026-03-01T00:00:00.000Z',
    ]);
  });
});

describe('appModeBody', () => {
  it('takes Invest or Raise and an optional institution id', () => {
    expect(appModeBody.parse({ appMode: 'institution' })).toEqual({ appMode: 'institution' });
    expect(appModeBody.parse({ appMode: 'investor', institution: null })).toEqual({ appMode: 'investor', institution: null });
    expect(appModeBody.safeParse({ appMode: 'tenant' }).success).toBe(false);
    expect(appModeBody.safeParse({ appMode: 'institution', institution: 'abc' }).success).toBe(false);
  });
});
