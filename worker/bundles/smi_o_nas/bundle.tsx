import { optional } from '../../drupal/optional';
import type { Teaser } from '../../drupal/types';
import { defer, type Deferred } from '../../components/deferred';
import { listing } from './listing';
import { bundleModule } from '../module';
import { StreamedOthers } from '../other-items';
import { Body, DateLine, Lead, NodeArticle } from '../page-parts';
import { simpleCard, simpleView, SIMPLE_WANTS, type SimpleView } from '../simple';
import { day } from '../fields';

/** docs/requirements.md §2: a press mention's «other» list. */
interface PressExtras {
  other: Deferred<Teaser[]>;
}

/** A press mention: a picture, the body and the day it was published. */
export const smiONas = bundleModule<SimpleView & { date?: string }, PressExtras>({
  bundle: 'smi_o_nas',
  wants: SIMPLE_WANTS,
  view: (node) => ({ ...simpleView(node), date: day(node.created) }),
  load: ({ drupal, nid }) => ({ other: defer(optional('other press', drupal.otherList('smi-o-nas', nid, 'smi_o_nas'), [])) }),
  Page: ({ node, view, extras }) => (
    <NodeArticle node={node} header={<DateLine day={view.date} />}>
      <Lead image={view.image} title={node.title} />
      <Body node={node} />
      <StreamedOthers
        node={node}
        others={extras.other}
        heading={{ title: 'Другие публикации', more: 'Все публикации', listing: listing.path }}
      />
    </NodeArticle>
  ),
  card: simpleCard,
  listing,
});
