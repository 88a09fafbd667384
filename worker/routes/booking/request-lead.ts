import type { C } from '../../app-env';
import { CONSENT, type FormDefinition } from '../../../common/forms/definition';
import { validateForm, type FieldValue } from '../../../common/forms/validate';
import { POPUP_TITLES, webformOf } from '../../../common/popups';
import { personErrors, type PostedPerson } from '../../booking/person';
import { acceptLead, shownKeysOf } from '../../leads/accept';
import { keepLead, popupLeadOf } from '../../leads/popup-lead';
import { sitePage } from '../../leads/referer';
import type { Choice } from '../../screens/booking/booking-view';
import { bookingPage, personForm } from './booking-page';

/** The request form the booking falls back to is the popup «Записаться на приём» (docs/requirements.md §4). */
const FALLBACK_FORM = 'consultation';

/**
 * The booking page's fields written into the webform's own: its first field of each kind (a name's text, the
 * phone, the e-mail, the comment), whatever the clinic's Drupal calls them (docs/booking.md, "When the schedule fails").
 */
function valuesFor(definition: FormDefinition, person: PostedPerson): Record<string, FieldValue> {
  const first = (kind: string) => definition.fields.find((f) => f.kind === kind)?.key;
  const values: Record<string, FieldValue> = { [CONSENT.key]: person.consent };
  const put = (key: string | undefined, value: string) => {
    if (key && value) values[key] = value;
  };
  put(first('text'), person.name);
  put(first('tel'), person.phone);
  put(first('email'), person.email);
  put(first('textarea'), person.comment);
  return values;
}

/** The fallback request, sent as the popup's lead would be: to Drupal, or kept on the queue for it and the CRM. */
export async function sendRequest(c: C, choice: Choice, person: PostedPerson, key: string): Promise<Response> {
  const { config } = c.var;
  const errors = personErrors(person);
  if (Object.keys(errors).length > 0) return withErrors(c, choice, person, key, errors);
  // A robot's post is told it went through, as the popups tell it.
  if (person.trap) return bookingPage(c, { step: 'unavailable', choice, form: personForm(person, key), sent: 'accepted' });
  const definition = await c.var.drupal
    .webform(webformOf(FALLBACK_FORM))
    .then((parsed) => parsed && { id: FALLBACK_FORM, title: POPUP_TITLES[FALLBACK_FORM], fields: parsed.fields, submitLabel: 'Отправить' })
    .catch(() => null);
  const phone = config.site.phone;
  if (!definition)
    return withErrors(c, choice, person, key, { _form: `Сейчас заявку не получается отправить. Позвоните нам: ${phone}` }, 503);
  const values = valuesFor(definition, person);
  const invalid = validateForm(definition, values);
  if (Object.keys(invalid).length > 0) {
    return withErrors(c, choice, person, key, { _form: `Эту заявку удобнее передать по телефону: ${phone}` }, 400);
  }
  const lead = popupLeadOf(FALLBACK_FORM, definition, values, {}, c.req.header('Referer'));
  lead.referer = sitePage(lead.page.url, [new URL(config.siteUrl).origin, new URL(c.req.url).origin]);
  lead.noteKey = definition.fields.find((f) => f.kind === 'textarea')?.key;
  const accepted = await acceptLead(
    { drupal: c.var.drupal, config, keep: (message) => keepLead(config, message), shown: shownKeysOf(definition.fields) },
    lead,
    [],
  );
  if (accepted.kind === 'accepted' || accepted.kind === 'queued') {
    return bookingPage(c, { step: 'unavailable', choice, form: personForm(person, key), sent: accepted.kind });
  }
  return withErrors(c, choice, person, key, { _form: `Не удалось отправить заявку. Позвоните нам: ${phone}` }, 503);
}

function withErrors(
  c: C,
  choice: Choice,
  person: PostedPerson,
  key: string,
  errors: Record<string, string>,
  status = 400,
): Promise<Response> {
  return bookingPage(c, { step: 'unavailable', choice, form: personForm(person, key, errors) }, status);
}
