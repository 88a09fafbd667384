/**
 * Lighthouse 13 over a page, with its default (mobile) form factor and throttling,
 * driving Debian's Chromium through chrome-launcher with the offline flags.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium.ts';

export interface LighthouseFigures {
  performance: number;
  accessibility: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** The LCP element's opening tag as Lighthouse saw it. */
  lcpElement: string;
  lcpIsImage: boolean;
  lcpIsHighPriorityImage: boolean;
  /** Failed accessibility audits, by id. */
  accessibilityFailures: string[];
  /** Performance audits that cost points, by id. */
  performanceHints: string[];
  /** Requests that tried to leave loopback (they were refused by the resolver). */
  offLoopback: string[];
}

interface NodeDetails {
  type: 'node';
  snippet?: string;
  selector?: string;
}
interface TableDetails {
  type: 'table';
  items: { url?: string }[];
}
interface ChecklistDetails {
  type: 'checklist';
  items: Record<string, { value: boolean }>;
}
interface ListDetails {
  type: 'list';
  items: (NodeDetails | TableDetails | ChecklistDetails | { type: string })[];
}

/** Lighthouse 13 names the LCP element in its LCP insights: a list holding the element's node. */
function lcpNode(details: unknown): NodeDetails | undefined {
  const list = details as ListDetails | undefined;
  return list?.type === 'list' ? list.items.find((item): item is NodeDetails => item.type === 'node') : undefined;
}

/** Whether the LCP image carries fetchpriority="high", by the discovery insight's own checklist. */
function priorityHinted(details: unknown): boolean | undefined {
  const list = details as ListDetails | undefined;
  const checklist = list?.type === 'list' ? list.items.find((item): item is ChecklistDetails => item.type === 'checklist') : undefined;
  return checklist?.items['priorityHinted']?.value;
}

/** What an audit may add: the visitor's cookies (a low-vision scheme), or fewer categories. */
export interface AuditOptions {
  cookie?: string;
  onlyAccessibility?: boolean;
}

export async function withLighthouse<T>(
  work: (audit: (url: string, options?: AuditOptions) => Promise<LighthouseFigures>) => Promise<T>,
): Promise<T> {
  // chrome-launcher adds its own defaults; the offline and loopback flags come from the bench's Chromium.
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: CHROMIUM_FLAGS.map((f) => (f === '--headless' ? '--headless=new' : f)),
    logLevel: 'silent',
  });
  try {
    return await work(async (url, options = {}) => {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: options.onlyAccessibility ? ['accessibility'] : ['performance', 'accessibility'],
        ...(options.cookie ? { extraHeaders: { Cookie: options.cookie } } : {}),
      });
      if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
      const { lhr } = result;
      if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      const audit = (id: string) => lhr.audits[id];
      const node = lcpNode(audit('lcp-breakdown-insight')?.details);
      const snippet = node?.snippet ?? '(none)';
      const hinted = priorityHinted(audit('lcp-discovery-insight')?.details);
      const requests = (audit('network-requests')?.details as TableDetails | undefined)?.items ?? [];
      const failing = (category: string) =>
        lhr.categories[category]?.auditRefs
          .filter((ref) => ref.weight > 0 && (audit(ref.id)?.score ?? 1) < 1 && audit(ref.id)?.scoreDisplayMode !== 'notApplicable')
          .map((ref) => ref.id) ?? [];
      return {
        performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
        lcpMs: audit('largest-contentful-paint')?.numericValue ?? NaN,
        tbtMs: audit('total-blocking-time')?.numericValue ?? NaN,
        cls: audit('cumulative-layout-shift')?.numericValue ?? NaN,
        lcpElement: node?.selector ? `${node.selector} ${snippet}` : snippet,
        lcpIsImage: /^<img\b/i.test(snippet),
        lcpIsHighPriorityImage: /^<img\b/i.test(snippet) && (hinted ?? /\bfetchpriority="high"/i.test(snippet)),
        accessibilityFailures: failing('accessibility'),
        performanceHints: [
          ...failing('performance'),
          ...(lhr.categories.performance?.auditRefs ?? []).filter((r) => r.weight === 0 && audit(r.id)?.score === 0).map((r) => r.id),
        ],
        offLoopback: requests.map((r) => r.url ?? '').filter((u) => u && !/^(https?:\/\/127\.0\.0\.1[:/]|data:|blob:)/.test(u)),
      };
    });
  } finally {
    chrome.kill();
  }
}
