import { Streamed } from '../../components/Streamed';
import type { Deferred } from '../../components/deferred';
import type { Teaser, ViewRow } from '../../drupal/types';
import type { PageProps } from '../module';
import { StreamedOthers } from '../other-items';
import { Body, DateLine, Lead, NodeArticle } from '../page-parts';
import { AuthorBlock } from './AuthorBlock';
import { listing } from './listing';
import type { ArticleView } from './view';

/** docs/requirements.md §7: an article's author and the service it is about come from their own calls. */
export interface ArticleExtras {
  author: Deferred<ViewRow | undefined>;
  service: Deferred<ViewRow | undefined>;
  /** docs/requirements.md §2: the article's «other» list. */
  other: Deferred<Teaser[]>;
}

/** An article's page: its date, picture and body, the service it is about, its author and the other articles. */
export function ArticlePage({ node, view, extras, site }: PageProps<ArticleView, ArticleExtras>) {
  return (
    <NodeArticle node={node} header={<DateLine day={view.date} />}>
      <Lead image={view.image} title={node.title} />
      <Body node={node} />
      <Streamed data={extras.service}>
        {(service) =>
          service && (
            <p className="service-link" data-part="service-link">
              Подробнее о процедуре: {service.url ? <a href={service.url}>{service.title}</a> : service.title}
            </p>
          )
        }
      </Streamed>
      <Streamed data={extras.author}>{(author) => <AuthorBlock author={author} clinic={site.name} />}</Streamed>
      <StreamedOthers node={node} others={extras.other} heading={{ title: 'Другие статьи', more: 'Все статьи', listing: listing.path }} />
    </NodeArticle>
  );
}
