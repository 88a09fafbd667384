/**
 * Placeholder images and documents of the demo origin.
 *
 * This module is the single source of truth for the public files: the worker uses it to build
 * file--file entities (sizes included), and `scripts/make-images.mjs` imports it (Node's type
 * stripping) to write the files under `public/sites/default/files/`. Keep it free of imports and
 * of non-erasable TypeScript syntax so that Node can load it directly.
 */

export type ImageKind =
  | 'portrait'
  | 'service'
  | 'news'
  | 'action'
  | 'article'
  | 'before'
  | 'after'
  | 'licence'
  | 'slide'
  | 'equipment'
  | 'press'
  | 'patient'
  | 'problem'
  | 'page';

export interface ImageDef {
  /** Path under /sites/default/files/ */
  readonly path: string;
  readonly label: string;
  readonly sub?: string;
  readonly w: number;
  readonly h: number;
  readonly hue: number;
  readonly kind: ImageKind;
}

const P = { w: 400, h: 500 } as const; // portrait
const PB = { w: 800, h: 1000 } as const; // big portrait
const C = { w: 800, h: 533 } as const; // card / content image

const defs = [
  // Doctors: photo and big photo
  { path: 'doctors/ivanova.svg', label: 'Иванова Е. С.', sub: 'главный врач', ...P, hue: 330, kind: 'portrait' },
  { path: 'doctors/ivanova-big.svg', label: 'Иванова Елена Сергеевна', sub: 'главный врач, косметолог', ...PB, hue: 330, kind: 'portrait' },
  { path: 'doctors/smirnov.svg', label: 'Смирнов А. В.', sub: 'косметолог', ...P, hue: 205, kind: 'portrait' },
  { path: 'doctors/smirnov-big.svg', label: 'Смирнов Андрей Викторович', sub: 'врач-косметолог', ...PB, hue: 205, kind: 'portrait' },
  { path: 'doctors/kuznetsova.svg', label: 'Кузнецова М. О.', sub: 'косметолог', ...P, hue: 280, kind: 'portrait' },
  { path: 'doctors/kuznetsova-big.svg', label: 'Кузнецова Мария Олеговна', sub: 'врач-косметолог', ...PB, hue: 280, kind: 'portrait' },
  { path: 'doctors/popova.svg', label: 'Попова А. Д.', sub: 'дерматолог', ...P, hue: 160, kind: 'portrait' },
  {
    path: 'doctors/popova-big.svg',
    label: 'Попова Анна Дмитриевна',
    sub: 'дерматолог, лазерная медицина',
    ...PB,
    hue: 160,
    kind: 'portrait',
  },
  { path: 'doctors/sokolova.svg', label: 'Соколова О. И.', sub: 'косметолог-эстетист', ...P, hue: 25, kind: 'portrait' },
  { path: 'doctors/sokolova-big.svg', label: 'Соколова Ольга Игоревна', sub: 'косметолог-эстетист', ...PB, hue: 25, kind: 'portrait' },
  { path: 'doctors/lebedeva.svg', label: 'Лебедева Н. П.', sub: 'аппаратная косметология', ...P, hue: 250, kind: 'portrait' },
  {
    path: 'doctors/lebedeva-big.svg',
    label: 'Лебедева Наталья Павловна',
    sub: 'аппаратная косметология',
    ...PB,
    hue: 250,
    kind: 'portrait',
  },

  // Services (one per service node)
  { path: 'services/kosmetologiya.svg', label: 'Косметология', ...C, hue: 330, kind: 'service' },
  { path: 'services/apparatnaya-kosmetologiya.svg', label: 'Аппаратная косметология', ...C, hue: 200, kind: 'service' },
  { path: 'services/inekcionnaya-kosmetologiya.svg', label: 'Инъекционная косметология', ...C, hue: 280, kind: 'service' },
  { path: 'services/lazernaya-medicina.svg', label: 'Лазерная медицина', ...C, hue: 15, kind: 'service' },
  { path: 'services/chistka-lica.svg', label: 'Чистка лица', ...C, hue: 340, kind: 'service' },
  { path: 'services/pilingi.svg', label: 'Пилинги', ...C, hue: 40, kind: 'service' },
  { path: 'services/uhodovye-procedury.svg', label: 'Уходовые процедуры', ...C, hue: 120, kind: 'service' },
  { path: 'services/smas-lifting.svg', label: 'SMAS-лифтинг Ultraformer', ...C, hue: 210, kind: 'service' },
  { path: 'services/rf-lifting.svg', label: 'RF-лифтинг', ...C, hue: 190, kind: 'service' },
  { path: 'services/mikrotoki.svg', label: 'Микротоковая терапия', ...C, hue: 175, kind: 'service' },
  { path: 'services/konturnaya-plastika.svg', label: 'Контурная пластика', ...C, hue: 300, kind: 'service' },
  { path: 'services/biorevitalizaciya.svg', label: 'Биоревитализация', ...C, hue: 260, kind: 'service' },
  { path: 'services/botulinoterapiya.svg', label: 'Ботулинотерапия', ...C, hue: 240, kind: 'service' },
  { path: 'services/mezoterapiya.svg', label: 'Мезотерапия', ...C, hue: 270, kind: 'service' },
  { path: 'services/lazernaya-epilyaciya.svg', label: 'Лазерная эпиляция', ...C, hue: 20, kind: 'service' },
  { path: 'services/frakcionnoe-omolozhenie.svg', label: 'Фракционное омоложение', ...C, hue: 5, kind: 'service' },
  { path: 'services/ultrazvukovaya-chistka.svg', label: 'Ультразвуковая чистка', ...C, hue: 350, kind: 'service' },
  { path: 'services/kombinirovannaya-chistka.svg', label: 'Комбинированная чистка', ...C, hue: 320, kind: 'service' },
  { path: 'services/smas-lifting-lica.svg', label: 'SMAS-лифтинг лица', ...C, hue: 215, kind: 'service' },
  { path: 'services/smas-lifting-shei.svg', label: 'SMAS-лифтинг шеи', ...C, hue: 220, kind: 'service' },
  { path: 'services/smas-lifting-tela.svg', label: 'SMAS-лифтинг тела', ...C, hue: 225, kind: 'service' },
  { path: 'services/uvelichenie-gub.svg', label: 'Увеличение губ', ...C, hue: 345, kind: 'service' },
  { path: 'services/nosogubnye-skladki.svg', label: 'Носогубные складки', ...C, hue: 290, kind: 'service' },
  { path: 'services/mimicheskie-morshchiny.svg', label: 'Мимические морщины', ...C, hue: 235, kind: 'service' },
  { path: 'services/gipergidroz.svg', label: 'Гипергидроз', ...C, hue: 185, kind: 'service' },
  { path: 'services/epilyaciya-lica.svg', label: 'Эпиляция лица', ...C, hue: 30, kind: 'service' },
  { path: 'services/epilyaciya-tela.svg', label: 'Эпиляция тела', ...C, hue: 35, kind: 'service' },
  { path: 'services/karboksiterapiya.svg', label: 'Карбокситерапия', ...C, hue: 100, kind: 'service' },
  { path: 'services/popular-smas.svg', label: 'Популярно: SMAS', w: 300, h: 300, hue: 210, kind: 'service' },
  { path: 'services/popular-biorevitalizaciya.svg', label: 'Популярно: биоревитализация', w: 300, h: 300, hue: 260, kind: 'service' },

  // News (a rotating set)
  { path: 'news/news-01.svg', label: 'Новости клиники', ...C, hue: 200, kind: 'news' },
  { path: 'news/news-02.svg', label: 'Новое оборудование', ...C, hue: 170, kind: 'news' },
  { path: 'news/news-03.svg', label: 'Праздничный график', ...C, hue: 0, kind: 'news' },
  { path: 'news/news-04.svg', label: 'Конференция', ...C, hue: 230, kind: 'news' },
  { path: 'news/news-05.svg', label: 'Обучение врачей', ...C, hue: 140, kind: 'news' },
  { path: 'news/news-06.svg', label: 'Новая услуга', ...C, hue: 300, kind: 'news' },
  { path: 'news/news-07.svg', label: 'Награда клиники', ...C, hue: 45, kind: 'news' },
  { path: 'news/news-08.svg', label: 'День открытых дверей', ...C, hue: 320, kind: 'news' },

  // Promotions
  { path: 'actions/smas-20.svg', label: '−20% на SMAS-лифтинг', ...C, hue: 210, kind: 'action' },
  { path: 'actions/biorevitalizaciya.svg', label: 'Вторая процедура в подарок', ...C, hue: 265, kind: 'action' },
  { path: 'actions/epilyaciya-abonement.svg', label: 'Абонемент −30%', ...C, hue: 20, kind: 'action' },
  { path: 'actions/pervoe-poseshchenie.svg', label: '−10% при первом визите', ...C, hue: 150, kind: 'action' },
  { path: 'actions/novogodnyaya.svg', label: 'Новогодняя акция', ...C, hue: 0, kind: 'action' },
  { path: 'actions/vesennij-piling.svg', label: 'Весенний пилинг', ...C, hue: 90, kind: 'action' },
  { path: 'actions/chernaya-pyatnica.svg', label: 'Чёрная пятница', ...C, hue: 270, kind: 'action' },
  { path: 'actions/foto-do-posle.svg', label: '−25% за фото до и после', ...C, hue: 330, kind: 'action' },

  // Articles
  { path: 'articles/smas-ili-niti.svg', label: 'SMAS или нити?', ...C, hue: 205, kind: 'article' },
  { path: 'articles/biorevitalizaciya-osen.svg', label: 'Биоревитализация осенью', ...C, hue: 35, kind: 'article' },
  { path: 'articles/uhod-posle-pilinga.svg', label: 'Уход после пилинга', ...C, hue: 95, kind: 'article' },
  { path: 'articles/mify-o-botokse.svg', label: 'Мифы о ботоксе', ...C, hue: 245, kind: 'article' },
  { path: 'articles/epilyaciya-letom.svg', label: 'Эпиляция летом', ...C, hue: 50, kind: 'article' },
  { path: 'articles/gialuronovaya-kislota.svg', label: 'Гиалуроновая кислота', ...C, hue: 185, kind: 'article' },

  // Before / after
  { path: 'do-i-posle/smas-lica-do.svg', label: 'До', sub: 'SMAS-лифтинг лица', w: 600, h: 600, hue: 215, kind: 'before' },
  { path: 'do-i-posle/smas-lica-posle.svg', label: 'После', sub: 'SMAS-лифтинг лица', w: 600, h: 600, hue: 215, kind: 'after' },
  { path: 'do-i-posle/guby-do.svg', label: 'До', sub: 'Увеличение губ', w: 600, h: 600, hue: 345, kind: 'before' },
  { path: 'do-i-posle/guby-posle.svg', label: 'После', sub: 'Увеличение губ', w: 600, h: 600, hue: 345, kind: 'after' },
  { path: 'do-i-posle/chistka-do.svg', label: 'До', sub: 'Комбинированная чистка', w: 600, h: 600, hue: 330, kind: 'before' },
  { path: 'do-i-posle/chistka-posle.svg', label: 'После', sub: 'Комбинированная чистка', w: 600, h: 600, hue: 330, kind: 'after' },
  { path: 'do-i-posle/skladki-do.svg', label: 'До', sub: 'Носогубные складки', w: 600, h: 600, hue: 290, kind: 'before' },
  { path: 'do-i-posle/skladki-posle.svg', label: 'После', sub: 'Носогубные складки', w: 600, h: 600, hue: 290, kind: 'after' },
  { path: 'do-i-posle/smas-shei-do.svg', label: 'До', sub: 'SMAS-лифтинг шеи', w: 600, h: 600, hue: 220, kind: 'before' },
  { path: 'do-i-posle/smas-shei-posle.svg', label: 'После', sub: 'SMAS-лифтинг шеи', w: 600, h: 600, hue: 220, kind: 'after' },

  // Licences and certificates (full size; thumbnails are image-style derivatives, see below)
  { path: 'licenses/licenziya-med.svg', label: 'Лицензия', sub: 'на медицинскую деятельность', w: 600, h: 848, hue: 210, kind: 'licence' },
  { path: 'licenses/prilozhenie.svg', label: 'Приложение', sub: 'к лицензии', w: 600, h: 848, hue: 200, kind: 'licence' },
  { path: 'licenses/sertifikat-ultraformer.svg', label: 'Сертификат', sub: 'Ultraformer MPT', w: 600, h: 848, hue: 40, kind: 'licence' },
  { path: 'licenses/sertifikat-lazer.svg', label: 'Сертификат', sub: 'лазерная безопасность', w: 600, h: 848, hue: 15, kind: 'licence' },

  // Home slider: desktop and mobile
  {
    path: 'slides/ultraformer-desktop.svg',
    label: 'SMAS-лифтинг Ultraformer MPT',
    sub: 'Подтяжка без операции',
    w: 1920,
    h: 700,
    hue: 210,
    kind: 'slide',
  },
  {
    path: 'slides/ultraformer-mobile.svg',
    label: 'Ultraformer MPT',
    sub: 'Подтяжка без операции',
    w: 750,
    h: 1000,
    hue: 210,
    kind: 'slide',
  },
  {
    path: 'slides/biorevitalizaciya-desktop.svg',
    label: 'Биоревитализация',
    sub: 'Вторая процедура в подарок',
    w: 1920,
    h: 700,
    hue: 265,
    kind: 'slide',
  },
  {
    path: 'slides/biorevitalizaciya-mobile.svg',
    label: 'Биоревитализация',
    sub: 'Вторая процедура в подарок',
    w: 750,
    h: 1000,
    hue: 265,
    kind: 'slide',
  },
  {
    path: 'slides/epilyaciya-desktop.svg',
    label: 'Лазерная эпиляция',
    sub: 'Абонемент со скидкой 30%',
    w: 1920,
    h: 700,
    hue: 20,
    kind: 'slide',
  },
  { path: 'slides/epilyaciya-mobile.svg', label: 'Лазерная эпиляция', sub: 'Абонемент −30%', w: 750, h: 1000, hue: 20, kind: 'slide' },

  // Equipment
  { path: 'equipment/ultraformer-mpt.svg', label: 'Ultraformer MPT', ...C, hue: 210, kind: 'equipment' },
  { path: 'equipment/gentlemax-pro.svg', label: 'GentleMax Pro', ...C, hue: 15, kind: 'equipment' },
  { path: 'equipment/hydrafacial.svg', label: 'HydraFacial', ...C, hue: 190, kind: 'equipment' },
  { path: 'equipment/fotona.svg', label: 'Fotona', ...C, hue: 0, kind: 'equipment' },

  // Press
  { path: 'smi/zhurnal-krasota.svg', label: 'Журнал о красоте', ...C, hue: 330, kind: 'press' },
  { path: 'smi/radio-efir.svg', label: 'Радиоэфир', ...C, hue: 45, kind: 'press' },
  { path: 'smi/tv-syuzhet.svg', label: 'Сюжет на ТВ', ...C, hue: 220, kind: 'press' },
  { path: 'smi/portal-zdorovye.svg', label: 'Портал о здоровье', ...C, hue: 140, kind: 'press' },

  // Patients
  { path: 'patients/ekaterina.svg', label: 'Екатерина', sub: 'пациентка', ...P, hue: 340, kind: 'patient' },
  { path: 'patients/olga.svg', label: 'Ольга', sub: 'пациентка', ...P, hue: 20, kind: 'patient' },
  { path: 'patients/marina.svg', label: 'Марина', sub: 'пациентка', ...P, hue: 275, kind: 'patient' },
  { path: 'patients/svetlana.svg', label: 'Светлана', sub: 'пациентка', ...P, hue: 190, kind: 'patient' },

  // Problems
  { path: 'problems/morshchiny.svg', label: 'Морщины', ...C, hue: 240, kind: 'problem' },
  { path: 'problems/pigmentaciya.svg', label: 'Пигментация', ...C, hue: 30, kind: 'problem' },
  { path: 'problems/akne.svg', label: 'Акне и постакне', ...C, hue: 350, kind: 'problem' },
  { path: 'problems/oval-lica.svg', label: 'Потеря овала лица', ...C, hue: 210, kind: 'problem' },
  { path: 'problems/lishnie-volosy.svg', label: 'Нежелательные волосы', ...C, hue: 15, kind: 'problem' },

  // Pages
  { path: 'pages/o-klinike.svg', label: 'Клиника «Лаванда»', sub: 'с 2013 года', ...C, hue: 270, kind: 'page' },
  {
    path: 'pages/ultraformer-landing.svg',
    label: 'Ultraformer MPT',
    sub: 'Лифтинг за один визит',
    w: 1200,
    h: 600,
    hue: 210,
    kind: 'page',
  },
  { path: 'pages/glavnaya.svg', label: 'Клиника «Лаванда»', sub: 'Эстетическая медицина', w: 1200, h: 630, hue: 275, kind: 'page' },
] as const satisfies readonly ImageDef[];

export const images: readonly ImageDef[] = defs;
export type ImagePath = (typeof defs)[number]['path'];

/** Image-style derivatives (not file entities), e.g. the licence thumbnails. */
export interface DerivativeDef {
  readonly style: string;
  readonly source: ImagePath;
  readonly w: number;
  readonly h: number;
}
export const derivatives: readonly DerivativeDef[] = [
  { style: 'thumbnail', source: 'licenses/licenziya-med.svg', w: 100, h: 141 },
  { style: 'thumbnail', source: 'licenses/prilozhenie.svg', w: 100, h: 141 },
  { style: 'thumbnail', source: 'licenses/sertifikat-ultraformer.svg', w: 100, h: 141 },
  { style: 'thumbnail', source: 'licenses/sertifikat-lazer.svg', w: 100, h: 141 },
];

/** Path of an image-style derivative under /sites/default/files/. */
export function derivativePath(style: string, source: string): string {
  return `styles/${style}/public/${source}`;
}

/** Non-image public files (documents attached to pages). */
export interface DocumentDef {
  readonly path: string;
  readonly title: string;
  readonly mime: string;
}
export const documents: readonly DocumentDef[] = [
  {
    path: 'documents/pravila-okazaniya-uslug.pdf',
    title: 'Rules for the provision of paid medical services (demo)',
    mime: 'application/pdf',
  },
  { path: 'documents/politika-personalnyh-dannyh.pdf', title: 'Personal data policy (demo)', mime: 'application/pdf' },
  { path: 'documents/licenziya-lo-77-01-000000.pdf', title: 'Medical licence LO-77-01-000000 (demo)', mime: 'application/pdf' },
];

// ---------------------------------------------------------------------------------------------
// Rendering (deterministic: the same definition always gives the same bytes)
// ---------------------------------------------------------------------------------------------

function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function hsl(h: number, s: number, l: number): string {
  return `hsl(${((h % 360) + 360) % 360},${s}%,${l}%)`;
}

function wrap(text: string, maxChars: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && (line + ' ' + word).length > maxChars) {
      lines.push(line);
      line = word;
    } else {
      line = line ? line + ' ' + word : word;
    }
  }
  if (line) lines.push(line);
  return lines.slice(0, 3);
}

function textBlock(lines: string[], x: number, y: number, size: number, color: string, weight = 600, anchor = 'middle'): string {
  return lines
    .map(
      (l, i) =>
        `<text x="${x}" y="${Math.round(y + i * size * 1.25)}" font-size="${size}" font-weight="${weight}" fill="${color}" text-anchor="${anchor}">${esc(l)}</text>`,
    )
    .join('');
}

const ICONS: Record<string, string> = {
  // simple outline pictograms drawn in a 100x100 box
  service: 'M50 12c14 18 26 32 26 48a26 26 0 0 1-52 0c0-16 12-30 26-48z',
  news: 'M18 22h64v56H18zM28 34h44M28 46h44M28 58h30',
  action: 'M50 14l10 24 26 2-20 17 6 25-22-13-22 13 6-25-20-17 26-2z',
  article: 'M26 14h36l14 14v58H26zM36 40h30M36 52h30M36 64h20',
  equipment: 'M22 30h56v34H22zM40 64v14M60 64v14M30 78h40M34 42h32',
  press: 'M20 34h44l18-14v60L64 66H20zM32 66l6 16',
  problem: 'M50 16a34 34 0 1 0 0.1 0zM36 42h0.1M64 42h0.1M36 64c8-6 20-6 28 0',
  page: 'M30 18h40v64H30zM40 32h20M40 44h20M40 56h20',
};

export function renderSvg(def: ImageDef): string {
  const { w, h, hue, kind } = def;
  const bg1 = hsl(hue, 55, 95);
  const bg2 = hsl(hue + 25, 50, 82);
  const accent = hsl(hue, 45, 48);
  const ink = hsl(hue, 40, 24);
  const font = `font-family="Helvetica,Arial,sans-serif"`;
  const open =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" ${font}>` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${bg1}"/><stop offset="1" stop-color="${bg2}"/></linearGradient></defs>` +
    `<rect width="${w}" height="${h}" fill="url(#g)"/>`;
  const size = Math.round(Math.min(w, h) / 11);
  const small = Math.round(size * 0.55);
  let body = '';
  switch (kind) {
    case 'portrait':
    case 'patient': {
      const cx = w / 2;
      const r = w * 0.17;
      const cy = h * 0.36;
      body +=
        `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${accent}" opacity=".55"/>` +
        `<path d="M${cx - w * 0.32} ${h * 0.78}c0-${h * 0.2} ${w * 0.64}-${h * 0.2} ${w * 0.64} 0z" fill="${accent}" opacity=".45"/>` +
        `<rect y="${h * 0.8}" width="${w}" height="${h * 0.2}" fill="#fff" opacity=".7"/>` +
        textBlock([def.label], cx, h * 0.87, Math.round(size * 0.65), ink) +
        (def.sub ? textBlock([def.sub], cx, h * 0.945, small, accent, 400) : '');
      break;
    }
    case 'before':
    case 'after': {
      const dark = kind === 'before';
      body +=
        `<circle cx="${w / 2}" cy="${h * 0.42}" r="${w * 0.26}" fill="${accent}" opacity="${dark ? '.25' : '.5'}"/>` +
        textBlock([def.label], w / 2, h * 0.47, size * 1.4, ink, 700) +
        (def.sub ? textBlock([def.sub], w / 2, h * 0.86, small, ink, 400) : '');
      break;
    }
    case 'licence': {
      const m = w * 0.1;
      body +=
        `<rect x="${m}" y="${m}" width="${w - 2 * m}" height="${h - 2 * m}" fill="#fff" stroke="${accent}" stroke-width="4"/>` +
        textBlock([def.label], w / 2, h * 0.25, size, ink, 700) +
        (def.sub ? textBlock(wrap(def.sub, 24), w / 2, h * 0.32, small, ink, 400) : '') +
        [0.45, 0.5, 0.55, 0.6, 0.65]
          .map((f) => `<rect x="${m * 2}" y="${h * f}" width="${w - 4 * m}" height="6" fill="${bg2}"/>`)
          .join('') +
        `<circle cx="${w - m * 3}" cy="${h * 0.78}" r="${w * 0.09}" fill="none" stroke="${accent}" stroke-width="5"/>`;
      break;
    }
    case 'slide': {
      const wide = w > h;
      body +=
        `<circle cx="${wide ? w * 0.78 : w * 0.5}" cy="${wide ? h * 0.5 : h * 0.32}" r="${Math.min(w, h) * 0.36}" fill="${accent}" opacity=".35"/>` +
        `<circle cx="${wide ? w * 0.86 : w * 0.72}" cy="${wide ? h * 0.3 : h * 0.2}" r="${Math.min(w, h) * 0.14}" fill="#fff" opacity=".5"/>` +
        textBlock(
          wrap(def.label, wide ? 26 : 16),
          wide ? w * 0.08 : w / 2,
          wide ? h * 0.42 : h * 0.66,
          wide ? Math.round(h / 9) : Math.round(w / 12),
          ink,
          700,
          wide ? 'start' : 'middle',
        ) +
        (def.sub
          ? textBlock(
              [def.sub],
              wide ? w * 0.08 : w / 2,
              wide ? h * 0.72 : h * 0.86,
              wide ? Math.round(h / 16) : Math.round(w / 20),
              accent,
              400,
              wide ? 'start' : 'middle',
            )
          : '');
      break;
    }
    default: {
      const icon = ICONS[kind] ?? ICONS.service ?? '';
      const s = (Math.min(w, h) * 0.38) / 100;
      body +=
        `<circle cx="${Math.round(w * 0.85)}" cy="${Math.round(h * 0.15)}" r="${Math.round(Math.min(w, h) * 0.22)}" fill="#fff" opacity=".35"/>` +
        `<g transform="translate(${Math.round(w / 2 - 50 * s)} ${Math.round(h * 0.1)}) scale(${s.toFixed(3)})"><path d="${icon}" fill="none" stroke="${accent}" stroke-width="5" stroke-linejoin="round" stroke-linecap="round"/></g>`;
      const lines = wrap(def.label, Math.floor(w / (size * 0.6)));
      body +=
        textBlock(lines, w / 2, h * 0.7, size, ink) +
        (def.sub ? textBlock([def.sub], w / 2, h * 0.7 + lines.length * size * 1.25, small, accent, 400) : '');
    }
  }
  return open + body + `</svg>\n`;
}

export function renderDerivative(d: DerivativeDef): string {
  const src = images.find((i) => i.path === d.source);
  if (!src) throw new Error(`Unknown derivative source ${d.source}`);
  return renderSvg({ ...src, w: d.w, h: d.h, sub: undefined });
}

/** A minimal one-page PDF with an ASCII title (valid enough for any viewer). */
export function renderPdf(doc: DocumentDef): string {
  const text = doc.title.replace(/[()\\]/g, '');
  const stream = `BT /F1 14 Tf 56 780 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  out += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return out;
}

/** Byte length of a UTF-8 string (used for file--file filesize). */
export function byteLength(s: string): number {
  return new TextEncoder().encode(s).length;
}
