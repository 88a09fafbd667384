/**
 * Each file of the Node project starts with no Drupal file kept on the site's disk, as a process started for it would:
 * one site serves every file of the run (cloudflare-workers.ts), and a file's first visit of an image is a MISS.
 */
import { beforeAll } from 'vitest';
import { forgetFiles } from './cloudflare-workers';

beforeAll(forgetFiles);
