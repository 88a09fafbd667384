import type { Deferred } from '../../components/deferred';
import type { Teaser } from '../../drupal/types';
import type { PageProps } from '../module';
import { StreamedOthers } from '../other-items';
import { Body, DateLine, Lead, NodeArticle } from '../page-parts';
import { listing } from './listing';
import type { PressView } from './view';

/** docs/requirements.md §2: a press mention's «other» list. */
export interface PressExtras {
  other: Deferred<Teaser[]>;
}

/** A press mention's page: its day, picture and body, and the other publications. */
export function PressPage({ node, view, extras }: PageProps<PressView, PressExtras>) {
  return (
    <NodeArticle node={node} header={<DateLine day={view.date} />}>
      <Lead image={view.image} title={node.title} />
      <Body node={node} />
      <StreamedOthers
        node={node}
        others={extras.other}
        heading={{ title: 'Другие публикации', more: 'Все публикации', listing: listing.path }}
      />
    </NodeArticle>
  );
}
