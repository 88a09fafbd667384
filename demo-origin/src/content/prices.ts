/**
 * The price list. Groups follow the services sections (plus one group without a title). A row
 * without a sum is a title; a leading "*" in field_price_item marks a subtitle; some rows have a
 * special price; a row may carry child rows (`childs`). Sums are rubles, as strings.
 */
import { demoState } from '../lib/state';

export interface PriceRow {
  readonly code: string;
  readonly item: string;
  readonly sum: string;
  readonly special: string;
  readonly nid: number | null;
  readonly childs: readonly PriceRow[];
}

export interface PriceGroup {
  readonly key: string;
  readonly title: string | null;
  readonly rows: readonly PriceRow[];
}

function t(item: string, nid: number | null = null, childs: readonly PriceRow[] = [], code = ''): PriceRow {
  return { code, item, sum: '', special: '', nid, childs };
}
function sub(item: string): PriceRow {
  return { code: '', item: `*${item}`, sum: '', special: '', nid: null, childs: [] };
}
function p(code: string, item: string, sum: string, special = '', nid: number | null = null): PriceRow {
  return { code, item, sum, special, nid, childs: [] };
}

export const priceGroups: readonly PriceGroup[] = [
  {
    key: 'kosmetologiya',
    title: 'Косметология',
    rows: [
      t('Чистка лица', 20),
      p('K01.001', 'Ультразвуковая чистка лица', '3500', '', 36),
      p('K01.002', 'Комбинированная чистка лица', '4500', '3800', 37),
      p('K01.003', 'Чистка спины', '5000', '', 20),
      t('Пилинги', 21),
      sub('Поверхностные пилинги'),
      p('K02.001', 'Миндальный пилинг', '2500', '', 21),
      p('K02.002', 'Гликолевый пилинг', '2800', '', 21),
      sub('Срединные пилинги'),
      p('K02.010', 'TCA-пилинг 15%', '6500', '', 21),
      p('K02.011', 'Пилинг PRX-T33', '7000', '5900', 21),
      t('Уходовые процедуры', 22),
      p('K03.001', 'Увлажняющий уход', '3000', '', 22),
      p('K03.002', 'Массаж лица (30 минут)', '2500', '', 22),
    ],
  },
  {
    key: 'apparatnaya-kosmetologiya',
    title: 'Аппаратная косметология',
    rows: [
      t('SMAS-лифтинг Ultraformer MPT', 24),
      sub('Лицо'),
      p('A01.001', 'SMAS-лифтинг лица полностью', '45000', '39000', 38),
      p('A01.002', 'SMAS-лифтинг нижней трети лица', '25000', '', 38),
      p('A01.003', 'SMAS-лифтинг области вокруг глаз', '15000', '', 38),
      sub('Шея и декольте'),
      p('A01.010', 'SMAS-лифтинг шеи', '20000', '17000', 39),
      p('A01.011', 'SMAS-лифтинг декольте', '18000', '', 39),
      sub('Тело'),
      t(
        'SMAS-лифтинг тела',
        40,
        [
          p('A01.021', 'Живот', '30000', '', 40),
          p('A01.022', 'Внутренняя поверхность бёдер', '28000', '', 40),
          p('A01.023', 'Руки (плечи)', '24000', '', 40),
        ],
        'A01.020',
      ),
      t('RF-лифтинг', 25),
      p('A02.001', 'RF-лифтинг лица', '5000', '', 25),
      p('A02.002', 'RF-лифтинг лица, курс 5 процедур', '22500', '20000', 25),
      t('Микротоковая терапия', 26),
      p('A03.001', 'Микротоки, лицо', '3000', '', 26),
    ],
  },
  {
    key: 'inekcionnaya-kosmetologiya',
    title: 'Инъекционная косметология',
    rows: [
      t('Контурная пластика', 28),
      t('Увеличение губ', 41, [p('I01.002', '0,5 мл', '12000', '', 41), p('I01.003', '1 мл', '16000', '14500', 41)], 'I01.001'),
      p('I01.010', 'Коррекция носогубных складок, 1 мл', '18000', '', 42),
      t('Биоревитализация', 29),
      p('I02.001', 'Биоревитализация, 1 мл', '9000', '', 29),
      p('I02.002', 'Биоревитализация, 2 мл', '15000', '13500', 29),
      t('Ботулинотерапия', 30),
      p('I03.001', 'Ботулинотерапия, 1 единица', '350', '', 43),
      p('I03.002', 'Коррекция межбровья', '8750', '', 43),
      p('I03.010', 'Лечение гипергидроза подмышечных впадин', '25000', '', 44),
      t('Мезотерапия', 31),
      p('I04.001', 'Мезотерапия лица', '5500', '', 31),
      p('I04.002', 'Мезотерапия волосистой части головы', '6000', '', 31),
    ],
  },
  {
    key: 'lazernaya-medicina',
    title: 'Лазерная медицина',
    rows: [
      t('Лазерная эпиляция', 33),
      sub('Лицо'),
      p('L01.001', 'Верхняя губа', '1500', '', 45),
      p('L01.002', 'Подбородок', '1700', '', 45),
      sub('Тело'),
      p('L01.010', 'Подмышечные впадины', '2500', '2000', 46),
      p('L01.011', 'Глубокое бикини', '5500', '4500', 46),
      p('L01.012', 'Ноги полностью', '9000', '', 46),
      t('Фракционное омоложение', 34),
      p('L02.001', 'Фракционное омоложение лица', '12000', '', 34),
    ],
  },
  {
    key: 'konsultacii',
    title: null,
    rows: [
      p('C01.001', 'Консультация врача-косметолога', '2000'),
      p('C01.002', 'Повторная консультация', '1000'),
      p('C01.003', 'Аппликационная анестезия', '800'),
    ],
  },
];

/** Every code of a priced row (children included), for checking an edit names one. */
export function pricedCodes(): Set<string> {
  const codes = new Set<string>();
  const walk = (rows: readonly PriceRow[]) => {
    for (const r of rows) {
      if (r.code && r.sum) codes.add(r.code);
      walk(r.childs);
    }
  };
  for (const g of priceGroups) walk(g.rows);
  return codes;
}

/**
 * Sums an editor changed since the last reset (POST /__demo/prices), by row code: what a clinic's
 * editor saving a new price does, so that a test can see the site pick it up. Replaces the
 * instance's previous edits; an empty map restores every sum.
 */
export function setPriceSums(sums: Readonly<Record<string, string>>): void {
  const edits = demoState().priceSums;
  edits.clear();
  for (const [code, sum] of Object.entries(sums)) edits.set(code, sum);
}

export const priceSumEdits = (): Record<string, string> => Object.fromEntries(demoState().priceSums);

/** A row's sum as the demo serves it now. */
export const sumOf = (r: PriceRow): string => (r.code && demoState().priceSums.get(r.code)) || r.sum;
