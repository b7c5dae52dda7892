import { z } from 'zod';

export const ANALYTICS_CHANNELS = ['analytics', 'tracking', 'metrics'] as const;
export type AnalyticsChannel = (typeof ANALYTICS_CHANNELS)[number];

export const ANALYTICS_MAX_EVENTS = 100;
export const ANALYTICS_MAX_BODY_BYTES = 64 * 1024;

const propertyValue = z.union([z.string().max(1000), z.number().finite(), z.boolean(), z.null()]);

export const analyticsEventSchema = z.strictObject({
  type: z.string().trim().min(1).max(64),
  name: z.string().trim().min(1).max(200),
  path: z.string().max(2000).optional(),
  occurred_at: z.iso.datetime({ offset: true }),
  properties: z
    .record(z.string().max(100), propertyValue)
    .refine((record) => Object.keys(record).length <= 50, 'validation.analytics_properties')
    .default({}),
});
export type AnalyticsEvent = z.infer<typeof analyticsEventSchema>;

/** The batched body the web client sends to /api/analytics, /api/tracking and /api/metrics. */
export const analyticsBatchSchema = z.strictObject({
  batched: z.literal(true),
  session_id: z.string().max(100).optional(),
  events: z.array(analyticsEventSchema).min(1).max(ANALYTICS_MAX_EVENTS),
});
export type AnalyticsBatch = z.infer<typeof analyticsBatchSchema>;
