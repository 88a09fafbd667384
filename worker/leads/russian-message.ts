/**
 * Drupal's validation messages come in its interface language, which is English on a site
 * installed in English (docs/drupal.md, "Validation messages"). A visitor reads only Russian:
 * Drupal's text is kept where it is Russian, and is otherwise replaced by ours for what it says.
 */

/** Russian when it has more Cyrillic letters than Latin ones: a Russian message may name «E-mail», an English one «Ваш телефон». */
export function isRussian(text: string): boolean {
  const cyrillic = text.match(/[а-яё]/giu)?.length ?? 0;
  const latin = text.match(/[a-z]/giu)?.length ?? 0;
  return cyrillic > 0 && cyrillic > latin;
}

/** What Drupal's core and webform messages say, by the words they use in English, and how we say it: the first that fits. */
const MEANINGS: readonly (readonly [RegExp, string])[] = [
  [/already been submitted|must be unique|is already taken|already in use/i, 'Такое значение уже было отправлено. Укажите другое.'],
  [/is required|field is required|must be filled/i, 'Заполните это поле.'],
  [/do not match|does not match/i, 'Значения не совпадают.'],
  [
    /must be (?:higher|greater|lower|less|between|at least|at most|no (?:more|less))|minimum|maximum|out of range/i,
    'Укажите значение из допустимого диапазона.',
  ],
  [/not a valid number|must be a number|must be an integer/i, 'Укажите число.'],
  [/cannot be longer|too long|characters? or less|exceeds/i, 'Слишком длинное значение. Сократите его.'],
  [/e-?mail/i, 'Проверьте адрес электронной почты.'],
  [/phone|telephone/i, 'Проверьте номер телефона.'],
  [/file|extension|upload/i, 'Этот файл не удалось принять. Попробуйте другой файл.'],
  [/illegal choice|not a valid (?:choice|option)|an illegal/i, 'Выберите один из предложенных вариантов.'],
];

/** The message the popup shows under a field for Drupal's `text`. */
export function russianMessage(text: string): string {
  if (isRussian(text)) return text;
  return MEANINGS.find(([pattern]) => pattern.test(text))?.[1] ?? 'Проверьте это поле.';
}
