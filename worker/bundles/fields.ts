import type { Image, NodeData } from '../drupal/types';
import { htmlToText } from '../drupal/entities';

/*
 * How a bundle module reads a node's fields. A field Drupal did not send, sent
 * empty or in another shape is simply absent here, and the part of the page
 * that shows it is left out.
 */

export const text = (node: NodeData, field: string): string | undefined => node.texts[field]?.trim() || undefined;

export const html = (node: NodeData, field: string): string | undefined => (node.html[field]?.trim() ? node.html[field] : undefined);

export const images = (node: NodeData, field: string): Image[] => node.images[field] ?? [];

/** The first picture among `fields`, in the order given. */
export const firstImage = (node: NodeData, ...fields: string[]): Image | undefined =>
  fields.map((field) => node.images[field]?.[0]).find((image) => image !== undefined);

/** YYYY-MM-DD of a date field or of the node's creation. */
export const day = (value: string | undefined): string | undefined => /^\d{4}-\d{2}-\d{2}/.exec(value ?? '')?.[0];

const YOUTUBE_ID = /^[\w-]{11}$/;

/** A YouTube video id from the field's id or from a link to the video. */
export function youtubeId(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (YOUTUBE_ID.test(trimmed)) return trimmed;
  const match = /(?:youtu\.be\/|[?&]v=|\/embed\/|\/shorts\/)([\w-]{11})/.exec(trimmed);
  return match?.[1];
}

/** A listing card's start of a text: its first words, cut at a word. */
const EXCERPT = 220;

export const excerpt = (html: string | undefined): string | undefined => {
  const text = html ? htmlToText(html) : '';
  if (!text) return undefined;
  return text.length > EXCERPT ? `${text.slice(0, EXCERPT).replace(/\s+\S*$/, '')}…` : text;
};
