import { FileText } from 'lucide-react';
import { Icon } from '../../components/ui/Icon';
import { SectionTitle } from '../../components/ui/SectionTitle';
import type { Image } from '../../drupal/types';
import { firstImage, images } from '../fields';
import { bundleModule } from '../module';
import { Body, Lead, NodeArticle } from '../page-parts';

interface PageView {
  image?: Image;
  /** Documents to download, each with the editor's description. */
  files: Image[];
}

function FileList({ files }: { files: Image[] }) {
  if (files.length === 0) return null;
  return (
    <section className="node-part" data-part="files" aria-labelledby="part-files">
      <SectionTitle title="Документы" id="part-files" />
      <ul className="file-list">
        {files.map((file, index) => (
          <li key={index}>
            <a className="file-list__link" href={file.url} target="_blank" rel="noopener">
              <Icon icon={FileText} size={20} />
              <span>{file.description || file.name || `Документ ${index + 1}`}</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A basic page (the contacts, the clinic's documents): a picture, the body and files to download. */
export const page = bundleModule<PageView>({
  bundle: 'page',
  wants: ['field_image', 'field_files'],
  view: (node) => ({ image: firstImage(node, 'field_image'), files: images(node, 'field_files') }),
  Page: ({ node, view }) => (
    <NodeArticle node={node}>
      <Lead image={view.image} title={node.title} />
      <Body node={node} />
      <FileList files={view.files} />
    </NodeArticle>
  ),
  card: (node, view) => ({ image: view.image, summary: node.body?.summary }),
});
