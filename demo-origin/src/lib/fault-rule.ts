/**
 * The demo's fault rules (README.md, "Test control"): the one shape the server parses
 * (POST /__demo/faults) and the control client (control-client.ts) sends. No runtime imports
 * beyond zod, so that tests and the bench can use the types from Node and workerd alike.
 */
import { z } from 'zod';

/** How long a hanging request waits before it finally gives up (10 minutes). */
export const HANG_MS = 10 * 60 * 1000;

/** A body that is not what the site expects: a text/html maintenance page, or the real answer cut off half-way. */
export type FaultBody = 'html' | 'broken-json';

export interface FaultRule {
  /** Applies when the request's path+query (raw or URL-decoded) contains this string ("/" matches every call). */
  readonly match: string;
  /** Waits this long first (the largest of the matching rules wins over the config's delayMs). */
  readonly delayMs?: number;
  /** Answers this status (a JSON error body; a JSON:API error document under /jsonapi). */
  readonly status?: number;
  /** Waits 10 minutes, then 504. */
  readonly hang?: boolean;
  /** Answers a misbehaving Drupal's body, with the rule's status (200 unless given). */
  readonly body?: FaultBody;
}

export interface FaultConfig {
  /** Every API request waits this long; overrides DEMO_DELAY_MS when set. */
  readonly delayMs?: number;
  readonly rules: readonly FaultRule[];
}

/** What POST /__demo/faults takes: both keys optional, `rules` [] when left out. */
export type FaultConfigInput = { readonly delayMs?: number; readonly rules?: readonly FaultRule[] };

export const faultRuleSchema = z.object({
  match: z.string().min(1),
  delayMs: z.number().int().min(0).max(HANG_MS).optional(),
  status: z.number().int().min(100).max(599).optional(),
  hang: z.boolean().optional(),
  body: z.enum(['html', 'broken-json']).optional(),
}) satisfies z.ZodType<FaultRule>;

export const faultConfigSchema = z.object({
  delayMs: z.number().int().min(0).max(HANG_MS).optional(),
  rules: z.array(faultRuleSchema).optional(),
}) satisfies z.ZodType<FaultConfigInput>;

/** A rule that names the demo CRM (`match` starting with this) is the only kind that reaches it. */
export const CRM_RULE_PREFIX = '/__demo/crm';
