import { FileText } from 'lucide-react';
import { Icon } from '../../components/ui/Icon';
import { SectionTitle } from '../../components/ui/SectionTitle';
import type { Image } from '../../drupal/types';
import type { PageProps } from '../module';
import { Body, Lead, NodeArticle } from '../page-parts';
import type { PageView } from './view';

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

/** A basic page's page: a picture, the body and the files to download. */
export function BasicPage({ node, view }: PageProps<PageView>) {
  return (
    <NodeArticle node={node}>
      <Lead image={view.image} title={node.title} />
      <Body node={node} />
      <FileList files={view.files} />
    </NodeArticle>
  );
}
