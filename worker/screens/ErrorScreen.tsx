export interface ErrorView {
  status: number;
  title: string;
  /** HTML from the error page's Drupal node, when there is one. */
  html?: string;
  text?: string;
}

/** Spec §2 "Error page": the status code and the server's message. */
export function ErrorScreen({ error }: { error: ErrorView }) {
  return (
    <section className="error-page">
      <p className="error-page__code">{error.status}</p>
      <h1>{error.title}</h1>
      {error.html ? <div className="content-body" dangerouslySetInnerHTML={{ __html: error.html }} /> : error.text && <p>{error.text}</p>}
      <p>
        <a className="button" href="/">
          На главную
        </a>
      </p>
    </section>
  );
}
