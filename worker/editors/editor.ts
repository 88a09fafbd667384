/** An editor this request is made by: whose session it is, and how to speak to Drupal as them. */
export interface Editor {
  uid: number;
  /** Drupal's own session cookie (`SESS…=…`), sent instead of the site's credentials. */
  drupalCookie: string;
}
