/**
 * Image and file relationships to include per bundle (spec §3 fields). JSON:API
 * answers 400 for a relationship a bundle does not have, so each list names only
 * the bundle's own fields.
 */
const IMAGE_INCLUDES: Readonly<Record<string, readonly string[]>> = {
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

export const includesFor = (bundle: string): readonly string[] => IMAGE_INCLUDES[bundle] ?? [];
