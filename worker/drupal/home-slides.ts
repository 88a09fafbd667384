import type { Loaded } from '../cache/kv-cache';
import type { DrupalContext } from './context';
import { decodeJson } from './decode';
import type { JsonApi } from './jsonapi';
import { linkFieldOf } from './link-field';
import { isPublished, toNodeData } from './map-node';
import { CollectionDocumentSchema } from './schemas/jsonapi';
import { listTags } from './tags';
import type { HomeSlide } from './types';

/** The pictures of a home slide (docs/requirements.md §2), which the slider reads. */
const SLIDE_RELATIONSHIPS = ['field_photo3', 'field_photos_mobile'];

/** docs/requirements.md §2: the home page's main slider, sticky slides first, then the newest. */
export const homeSlides =
  ({ urls }: DrupalContext, api: JsonApi) =>
  async (limit: number): Promise<HomeSlide[]> =>
    api.getIncluding(
      (include) => urls.collection('sliders', { include, sort: '-sticky,-created', limit }),
      await api.includesOf('node', 'sliders', SLIDE_RELATIONSHIPS),
      async (response): Promise<Loaded<HomeSlide[]>> => {
        const doc = (await decodeJson('home slides', CollectionDocumentSchema)(response)).value;
        const slides = await Promise.all(
          doc.data.filter(isPublished).map(async (resource): Promise<HomeSlide[]> => {
            const node = await toNodeData(resource, doc.included);
            const image = node.images.field_photo3?.[0];
            // The slider is photographs: a slide without its picture is left out.
            if (!image) return [];
            const link = linkFieldOf(resource.attributes);
            return [
              {
                uuid: node.uuid,
                title: node.title,
                bodyHtml: node.body?.html,
                image,
                mobileImage: node.images.field_photos_mobile?.[0],
                link,
              },
            ];
          }),
        );
        return { value: slides.flat(), tags: listTags('sliders') };
      },
    );
