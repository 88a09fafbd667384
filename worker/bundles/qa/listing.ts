import type { ListingRules } from '../listing';

export const listing: ListingRules = {
  bundle: 'qa',
  path: '/vopros-otvet.html',
  title: 'Вопрос — ответ',
  dated: false,
  paged: true,
  rule: () => ({ field: 'field_ne_vyvodit_na_stranitce', operator: '<>', value: '1' }),
  visible: (node) => !node.flags.field_ne_vyvodit_na_stranitce,
  questions: true,
};
