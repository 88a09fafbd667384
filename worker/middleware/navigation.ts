/**
 * A browser's navigation asks for HTML (its `Accept` names `text/html`); a script, a health check or a
 * crawler's fetch of a resource does not. A navigation is shown whatever its status, so it may be answered
 * before the status is certain; anything else gets the status as it is (docs/architecture.md, "Rendering and
 * streaming").
 */
export const asksForHtml = (accept: string | undefined): boolean => /\btext\/html\b/i.test(accept ?? '');
