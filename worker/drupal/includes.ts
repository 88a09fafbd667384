/**
 * Relationship fields the screens read by name (spec §3), per bundle. They are
 * only asked for when Drupal's bundle has them (relationships.ts); file fields
 * are learned and need not be listed, but a field empty on every sampled node
 * would go unseen, so the screens name theirs.
 */
const WANTED: Readonly<Record<string, readonly string[]>> = {
  services: ['field_image', 'field_photo', 'field_preview_photo', 'field_popular_procedure_img'],
  doctors: ['field_photo', 'field_photo_big'],
  patients: ['field_photo'],
  news: ['field_image'],
  article: ['field_image'],
  actions: ['field_image'],
  smi_o_nas: ['field_image'],
  equipment: ['field_image'],
  problem: ['field_image'],
  page: ['field_image', 'field_files'],
  gallery: ['field_gallery_image'],
  sliders: ['field_photo3', 'field_photos_mobile'],
};

export const wantedRelationships = (bundle: string): readonly string[] => WANTED[bundle] ?? [];
