import { bundleModule } from '../module';
import { listing } from './listing';
import { VacancyPage } from './Page';
import { VACANCY_WANTS, vacancyView, type VacancyView } from './view';

/** A vacancy at the clinic. */
export const vacancy = bundleModule<VacancyView>({
  bundle: 'vacancy',
  wants: VACANCY_WANTS,
  view: vacancyView,
  Page: VacancyPage,
  card: (node, view) => ({ summary: view.subtitle ?? node.body?.summary }),
  listing,
});
