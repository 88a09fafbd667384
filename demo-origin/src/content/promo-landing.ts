/** Bundle `promo_landing`: a promotional landing page (docs/adding-a-bundle.md's example): title, body, a picture and a call to action. */
import { paragraphs } from '../lib/text';
import { img, makeNode, type NodeRecord } from './model';

export const PROMO_LANDING_NID = 1500;

export const promoLandingNodes: readonly NodeRecord[] = [
  makeNode({
    nid: PROMO_LANDING_NID,
    bundle: 'promo_landing',
    title: 'Осеннее обновление кожи',
    alias: '/promo/osennee-obnovlenie-kozhi.html',
    created: '2024-09-02 10:00',
    summary: 'Программа осеннего обновления кожи: консультация косметолога и подбор процедур.',
    body: paragraphs(
      '<h2>Осень — лучшее время для обновления кожи</h2>',
      'Солнце стало мягче: пора заняться пигментацией и следами лета. Врач-косметолог подберёт программу на консультации.',
    ),
    fields: { field_cta_text: 'Записаться на консультацию' },
    rels: { field_image: img('pages/glavnaya.svg', 'Осеннее обновление кожи') },
  }),
];
