/**
 * Each test of the Node project starts with no booking time held (booking/hold.ts), as the worker project's do
 * (test/worker/holds-setup.ts): tests walk to the same first free time, and an attempt a test left at the code step
 * would hold it from the next for minutes.
 */
import { beforeEach } from 'vitest';
import { releaseHolds } from './cloudflare-workers';

beforeEach(releaseHolds);
