/**
 * What travels on the leads queue (the LeadQueue seam, seams.ts): the lead as the worker keeps it until Drupal and the
 * CRM have it. Declared beside the seams, which carry it; built by leads/popup-lead.ts, delivered by leads/deliver.ts.
 */
import type { FieldKind } from '../../common/forms/definition';

/**
 * One request from a popup form, as the worker keeps it until Drupal and the CRM
 * have it. It holds personal data: it lives only in the request and in the
 * leads queue (deleted once delivered), never in logs or KV.
 */
export interface Lead {
  /** Ours, random: the CRM's idempotency key, so that a retried delivery is not a second lead. */
  id: string;
  /** The popup (docs/requirements.md §4), and the webform Drupal receives it as. */
  form: string;
  webformId: string;
  /** Each filled field with its kind and label, in the form's order (the CRM payload is built from kinds, not from one clinic's keys). */
  fields: LeadField[];
  /** A file field's upload, when Drupal has not taken it yet: the name only, the content stays in the request. */
  files: { key: string; name: string; size: number }[];
  page: { url?: string; title?: string };
  /** 152-ФЗ: which consent text, when, on which page. */
  consent: { version: string; at: string; page?: string };
  receivedAt: string;
  /** The page as Drupal's submission records it (sent as the submit call's Referer): only an http(s) page of this site. */
  referer?: string;
  /** The fids Drupal gave the files at the request: a lead queued after their upload still names them. */
  fileIds?: Record<string, string>;
  /** The form's first textarea, where Drupal's submission names the files it could not take. */
  noteKey?: string;
  /** Files Drupal could not take, and no CRM is configured to take them: the submission says so instead of «передан в CRM». */
  filesLost?: true;
  /** The trap field was filled (perhaps by a browser's autofill): the CRM gets it marked, Drupal never. */
  suspectedSpam?: true;
  /** The CRM has the lead, or a message of its own carries it: a later acceptance by Drupal must not announce it again. */
  crmSent?: true;
}

/** A field's value in webform_rest's shapes (docs/drupal.md §3c): text, a multi-value field's list, a composite's parts. */
export type LeadValue = string | string[] | { [part: string]: string };

export interface LeadField {
  key: string;
  kind: FieldKind;
  label?: string;
  value: LeadValue;
  /** How a person reads a value that is not plain text (the options' labels, each part with its title): the CRM's comment. */
  text?: string;
  /** A composite's parts, to find a name, a phone or an e-mail among them. */
  parts?: { key: string; kind: FieldKind; label?: string }[];
}

/** A file Drupal could not take, on its way to the CRM (docs/requirements.md §4's payload's `files`). */
export interface CrmFile {
  name: string;
  type: string;
  size: number;
  content_base64: string;
}

/**
 * What travels on the leads queue: a lead still to be submitted to Drupal, or one
 * to announce to the CRM (with a small file Drupal could not take, when the CRM
 * was away at the moment of the request: a queue message holds at most 128 KB).
 */
export type LeadMessage = { kind: 'drupal'; lead: Lead } | { kind: 'crm'; lead: Lead; sid?: string; files?: CrmFile[] };
