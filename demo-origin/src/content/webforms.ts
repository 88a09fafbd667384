/**
 * The six webforms. Element definitions in YAML-like order; routes/webform.ts initialises them
 * (adds the #webform_* metadata) the way webform_rest's fields resource returns them.
 *
 * Field kinds covered (docs/requirements.md §5): tel, date, webform_time (#min/#max/#step), email, textfield,
 * textarea, select (#options map, and "yes_no" as a predefined options id), checkbox, hidden,
 * managed_file (#file_extensions), webform_markup (#markup), fieldset with children, a #private
 * field, and webform_actions with #submit__label (callback has no actions element).
 * The discount form carries what a real webform's initialised tree also holds: a required
 * webform_name composite (first and last name shown, its other parts `#access: false`), checkboxes
 * with an array #default_value, radios, number (#min/#max/#step), webform_email_confirm, a required
 * webform_terms_of_service, a checkbox with a boolean #default_value and a markup with a null #title.
 */
import type { Json } from '../lib/json';
import { doctors } from './people';
import { vacancies } from './pages';

export interface ElementDef {
  readonly type: string;
  /** null as webform initialises an element whose title an editor left empty. */
  readonly title?: string | null;
  readonly required?: boolean;
  readonly private?: boolean;
  /** false: a part an editor switched off (a composite's `#access: false`). */
  readonly access?: boolean;
  /** A composite's parts (webform_name, webform_address…), as `#webform_composite_elements` carries them. */
  readonly composite?: Readonly<Record<string, ElementDef>>;
  /** Other render properties without the leading "#": options, min, max, step, markup… */
  readonly props?: Readonly<Record<string, Json>>;
  readonly children?: Readonly<Record<string, ElementDef>>;
}

export interface WebformDef {
  readonly id: string;
  readonly title: string;
  readonly elements: Readonly<Record<string, ElementDef>>;
}

/** Predefined option sets (webform.webform_options.*) referenced by id. */
export const PREDEFINED_OPTIONS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  yes_no: { Yes: 'Да', No: 'Нет' },
};

const hiddenPage: Record<string, ElementDef> = {
  send_page_url: { type: 'hidden', title: 'Адрес страницы' },
  send_page_title: { type: 'hidden', title: 'Заголовок страницы' },
};

function consultationElements(submitLabel: string): Record<string, ElementDef> {
  return {
    vashe_imya: { type: 'textfield', title: 'Ваше имя', required: true, props: { placeholder: 'Как к вам обращаться' } },
    vash_telefon: { type: 'tel', title: 'Ваш телефон', required: true, props: { placeholder: '+7 (___) ___-__-__' } },
    email: { type: 'email', title: 'E-mail' },
    date: { type: 'date', title: 'Желаемая дата визита', props: { date_date_min: 'today' } },
    udobnoe_vremya: { type: 'webform_time', title: 'Удобное время', props: { min: '09:00', max: '21:00', step: 1800, time_format: 'H:i' } },
    primechanie: { type: 'textarea', title: 'Примечание', props: { rows: 3 } },
    ...hiddenPage,
    actions: { type: 'webform_actions', title: 'Кнопка отправки', props: { submit__label: submitLabel } },
  };
}

export const webforms: readonly WebformDef[] = [
  { id: 'consultation', title: 'Записаться на прием', elements: consultationElements('Записаться') },
  { id: 'consultation1', title: 'Записаться на консультацию', elements: consultationElements('Записаться на консультацию') },
  {
    id: 'callback',
    title: 'Заказать звонок',
    elements: {
      vashe_imya: { type: 'textfield', title: 'Ваше имя', required: true },
      nomer_telefona: { type: 'tel', title: 'Номер телефона', required: true, props: { placeholder: '+7 (___) ___-__-__' } },
      udobnoe_vremya: {
        type: 'select',
        title: 'Когда вам позвонить?',
        props: {
          options: {
            asap: 'Как можно скорее',
            '9-12': 'С 9:00 до 12:00',
            '12-15': 'С 12:00 до 15:00',
            '15-18': 'С 15:00 до 18:00',
            '18-21': 'С 18:00 до 21:00',
          },
          empty_option: '- Выберите время -',
        },
      },
      // Keyed `message`, as in webform's stock contact form: the key its refusals' `{"error":{"message":…}}` shares.
      message: { type: 'textarea', title: 'Комментарий', props: { rows: 2 } },
      callback_info: {
        type: 'webform_markup',
        props: { markup: '<p>Перезвоним в течение 15 минут в рабочее время клиники (9:00–21:00).</p>' },
      },
      ...hiddenPage,
      // No actions element: the site falls back to its default submit label.
    },
  },
  {
    id: 'send_resume',
    title: 'Отправить резюме',
    elements: {
      lichnye_dannye: {
        type: 'fieldset',
        title: 'Личные данные',
        children: {
          vashe_imya: { type: 'textfield', title: 'Ваше имя', required: true },
          vash_telefon: { type: 'tel', title: 'Ваш телефон', required: true },
          email: { type: 'email', title: 'E-mail', required: true },
        },
      },
      vakansiya: {
        type: 'select',
        title: 'Вакансия',
        required: true,
        props: {
          options: Object.fromEntries(vacancies.filter((v) => v.status !== false).map((v) => [v.slug, v.title])),
          empty_option: '- Выберите вакансию -',
        },
      },
      rezyume: {
        type: 'managed_file',
        title: 'Резюме',
        props: { file_extensions: 'pdf doc docx rtf odt', max_filesize: '5', uri_scheme: 'private' },
      },
      primechanie: { type: 'textarea', title: 'Сопроводительное письмо' },
      ...hiddenPage,
      actions: { type: 'webform_actions', title: 'Кнопка отправки', props: { submit__label: 'Отправить резюме' } },
    },
  },
  {
    id: 'review',
    title: 'Оставить отзыв',
    elements: {
      vashe_imya: { type: 'textfield', title: 'Ваше имя', required: true },
      email: { type: 'email', title: 'E-mail', required: true, props: { description: 'Не публикуется на сайте' } },
      vrach: {
        type: 'select',
        title: 'Врач',
        props: {
          options: Object.fromEntries(doctors.map((d) => [String(d.nid), d.title])),
          empty_option: '- Не выбран -',
        },
      },
      rekomenduete: { type: 'select', title: 'Порекомендуете ли вы клинику друзьям?', props: { options: 'yes_no' } },
      primechanie: { type: 'textarea', title: 'Ваш отзыв', required: true, props: { minlength: 10, rows: 5 } },
      soglasie: { type: 'checkbox', title: 'Я согласен(на) на публикацию отзыва на сайте', required: true },
      otvet_administratora: { type: 'textarea', title: 'Комментарий администратора', private: true },
      ...hiddenPage,
      actions: { type: 'webform_actions', title: 'Кнопка отправки', props: { submit__label: 'Оставить отзыв' } },
    },
  },
  {
    id: 'discount',
    title: 'Получить скидку',
    elements: {
      discount_info: {
        type: 'webform_markup',
        title: null,
        props: {
          markup: '<p>Скидка 10% при первом посещении или 25% за согласие на публикацию фото до и после. Скидки не суммируются.</p>',
        },
      },
      fio: {
        type: 'webform_name',
        title: 'Ваше имя',
        required: true,
        composite: {
          title: {
            type: 'webform_select_other',
            title: 'Обращение',
            access: false,
            props: { options: { 'г-жа': 'Госпожа', 'г-н': 'Господин' } },
          },
          first: { type: 'textfield', title: 'Имя', required: true },
          middle: { type: 'textfield', title: 'Отчество', access: false },
          last: { type: 'textfield', title: 'Фамилия', required: true },
          suffix: { type: 'textfield', title: 'Суффикс', access: false },
          degree: { type: 'textfield', title: 'Степень', access: false },
        },
      },
      vash_telefon: { type: 'tel', title: 'Ваш телефон', required: true },
      email: { type: 'webform_email_confirm', title: 'E-mail' },
      procedury: {
        type: 'checkboxes',
        title: 'Какие процедуры вас интересуют?',
        props: {
          options: { chistka: 'Чистка лица', piling: 'Пилинг', massazh: 'Массаж лица', epilyaciya: 'Лазерная эпиляция' },
          default_value: ['chistka'],
        },
      },
      kak_uznali: {
        type: 'radios',
        title: 'Как вы о нас узнали?',
        required: true,
        props: { options: { internet: 'В интернете', druzya: 'От друзей', reklama: 'Из рекламы' } },
      },
      vozrast: { type: 'number', title: 'Ваш возраст', props: { min: 18, max: 99, step: 1 } },
      date: { type: 'date', title: 'Дата визита' },
      soglasie_na_rassylku: { type: 'checkbox', title: 'Хочу получать новости об акциях', props: { default_value: true } },
      usloviya: {
        type: 'webform_terms_of_service',
        title: 'Я принимаю {условия акции}',
        required: true,
        props: {
          terms_type: 'slideout',
          terms_title: 'Условия акции',
          terms_content:
            '<p>Скидка действует на первое посещение клиники и не суммируется с другими акциями. Скидку за публикацию фото до и после даём после письменного согласия.</p>',
        },
      },
      skidka: { type: 'hidden', title: 'Скидка', props: { default_value: '10%' } },
      ...hiddenPage,
      actions: { type: 'webform_actions', title: 'Кнопка отправки', props: { submit__label: 'Получить скидку' } },
    },
  },
];

export function webformById(id: string): WebformDef | undefined {
  return webforms.find((w) => w.id === id);
}
