import { consentIn } from '../../common/consent';
import { lowVisionIn, lowVisionValue } from '../../common/low-vision';
import { isCrawlerAgent } from './crawler';

/**
 * The key of a kept page (cache/rendered-pages.ts): its URL, and what differs per visitor and changes the page — a
 * crawler's complete document, the analytics choice, the low-vision settings (docs/architecture.md, "Kept pages").
 */
export function keptPageKey(request: Request): string {
  const cookies = request.headers.get('Cookie');
  const lowVision = lowVisionIn(cookies);
  const agent = isCrawlerAgent(request.headers.get('User-Agent')) ? 'crawler' : 'browser';
  return `${agent} ${consentIn(cookies) ?? 'unasked'} ${lowVision ? lowVisionValue(lowVision) : 'ordinary'} ${request.url}`;
}
