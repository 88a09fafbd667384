import type { ListingRules } from '../listing';

export const listing: ListingRules = { bundle: 'smi_o_nas', path: '/smi-o-nas.html', title: 'СМИ о нас', dated: true, paged: true };
