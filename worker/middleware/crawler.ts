const CRAWLER = /bot|crawl|spider|slurp|yandex|lighthouse/i;

/** Crawlers get the complete document at once rather than a stream (page-renderer.tsx), and a kept page of their own. */
export const isCrawlerAgent = (userAgent: string | null | undefined): boolean => CRAWLER.test(userAgent ?? '');
