import { excerpt } from '../fields';
import { bundleModule } from '../module';
import { PatientPage } from './Page';
import { PATIENT_WANTS, patientView, type PatientView } from './view';

/** A patient of the clinic: a photo, the body and the feedback text. */
export const patients = bundleModule<PatientView>({
  bundle: 'patients',
  wants: PATIENT_WANTS,
  view: patientView,
  Page: PatientPage,
  card: (node, view) => ({ image: view.photo, summary: excerpt(view.feedback ?? node.body?.html) }),
});
