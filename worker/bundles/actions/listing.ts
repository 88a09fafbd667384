import type { ListingRules } from '../listing';

export const listing: ListingRules = {
  bundle: 'actions',
  path: '/special.html',
  title: 'Акции',
  dated: false,
  paged: true,
  rule: (today) => ({ field: 'field_action_date', operator: '>=', value: today }),
  visible: (node, today) => {
    const date = node.texts.field_action_date;
    return !date || date.slice(0, 10) >= today;
  },
};
