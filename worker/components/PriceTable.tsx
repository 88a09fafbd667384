import { ChevronDown } from 'lucide-react';
import type { ReactNode } from 'react';
import { preload } from 'react-dom';
import type { PriceGroup, PriceRow } from '../drupal/schemas/price';
import { clientAssets } from './client-assets';
import { Icon } from './ui/Icon';

/*
 * docs/requirements.md §2 "Price list": an accordion of groups, each a table with the columns «Код»,
 * «Услуга», «Стоимость». A row with no sum is a title (it starts a section of its own),
 * a subtitle is set apart, children are indented, a special price stands beside the
 * normal one, struck through. The currency is in the HTML twice: ' ₽' shows on phones
 * and tablets, ' руб.' from 960 px (price.css).
 */

export interface PriceTableProps {
  groups: PriceGroup[];
  /** The level of the groups' titles: 2 on the price page, 3 inside a section of a service page. */
  headingLevel?: 2 | 3 | 4;
  /**
   * false: no accordion, the tables one under another (one service's prices); a lone
   * group then shows without its title, which the section around it already says.
   */
  accordion?: boolean;
  /** Links to this path are left out (a service's own page). */
  currentPath?: string;
  /** The editors' edit link of a row with a node id, whatever its kind (docs/requirements.md §2); nothing for visitors. */
  editLink?: (nid: number) => ReactNode;
}

/** A group that Drupal sent without a title still needs words on its accordion. */
const UNTITLED = 'Прочие услуги';

const THIN_SPACE = '\u2009';

/** 15000 → "15 000" (a thin space between thousands), 1500.5 → "1 500,50". */
export function formatRubles(rubles: number): string {
  const [whole = '0', fraction] = rubles.toFixed(2).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, THIN_SPACE);
  return fraction && fraction !== '00' ? `${grouped},${fraction}` : grouped;
}

/** Where ' ₽' shows rather than ' руб.' (price.css). */
const ROUBLE_SIGN_SHOWN = '(max-width: 959.98px)';

function Money({ rubles }: { rubles: number }) {
  // The sign's glyph is in a font file of its own, found only once the text is laid out: a page that shows it asks for
  // the file as its first price arrives, where the sign shows (React writes one preload before the first price, in the
  // head when the prices render with it, however many there are).
  if (clientAssets.roubleFont)
    preload(clientAssets.roubleFont, { as: 'font', type: 'font/woff2', crossOrigin: 'anonymous', media: ROUBLE_SIGN_SHOWN });
  return (
    <span className="price__amount">
      {formatRubles(rubles)}
      <span className="price__rub price__rub--short"> ₽</span>
      <span className="price__rub price__rub--long"> руб.</span>
    </span>
  );
}

function Sum({ row }: { row: PriceRow }) {
  if (row.sum === undefined) return null;
  if (row.special === undefined) return <Money rubles={row.sum} />;
  return (
    <>
      <span className="price__old">
        <span className="visually-hidden">Цена без скидки: </span>
        <s>
          <Money rubles={row.sum} />
        </s>
      </span>{' '}
      <span className="price__new">
        <span className="visually-hidden">Цена со скидкой: </span>
        <Money rubles={row.special} />
      </span>
    </>
  );
}

interface RowContext {
  depth: number;
  /** The page the enclosing title already links to: its rows do not repeat the link. */
  inheritedUrl?: string;
  props: PriceTableProps;
}

function Name({ row, ctx }: { row: PriceRow; ctx: RowContext }) {
  const linked = row.url !== undefined && row.url !== ctx.inheritedUrl && row.url !== ctx.props.currentPath;
  return linked ? (
    <a className="price__link" href={row.url}>
      {row.name}
    </a>
  ) : (
    <>{row.name}</>
  );
}

/** The row's name, and its code under it where phones hide the code column. */
function Label({ row, ctx }: { row: PriceRow; ctx: RowContext }) {
  return (
    <>
      <span className="price__label">
        <Name row={row} ctx={ctx} />
      </span>
      {row.code && <span className="price__code-inline">{row.code}</span>}
    </>
  );
}

const depthClass = (depth: number) => (depth > 0 ? ` price__row--depth-${Math.min(depth, 3)}` : '');

/** One row and, under it, its children, one step further in. */
function Rows({ row, ctx, section }: { row: PriceRow; ctx: RowContext; section?: boolean }): ReactNode {
  const { editLink } = ctx.props;
  // docs/requirements.md §6: every row Drupal names a node for, a title's or a parent's too, is one an editor may want to fix.
  const edit = row.nid !== undefined && editLink ? <span className="price__edit">{editLink(row.nid)}</span> : null;
  let line: ReactNode;
  if (row.kind === 'item') {
    line = (
      <tr className={`price__row price__row--item${depthClass(ctx.depth)}`}>
        <td className="price__code">{row.code}</td>
        <td className="price__name">
          <Label row={row} ctx={ctx} />
          {edit}
        </td>
        <td className="price__sum">
          <Sum row={row} />
        </td>
      </tr>
    );
  } else {
    // A title or subtitle spans the row; one with a code keeps it in its column.
    const Cell = section ? 'th' : 'td';
    line = (
      <tr className={`price__row price__row--${section ? 'section' : row.kind === 'title' ? 'parent' : row.kind}${depthClass(ctx.depth)}`}>
        {row.code && <td className="price__code">{row.code}</td>}
        <Cell className="price__name" colSpan={row.code ? 2 : 3} {...(section ? { scope: 'rowgroup' } : {})}>
          <Label row={row} ctx={ctx} />
          {edit}
        </Cell>
      </tr>
    );
  }
  const inner: RowContext = { ...ctx, depth: ctx.depth + 1, inheritedUrl: row.url ?? ctx.inheritedUrl };
  return (
    <>
      {line}
      {row.children.map((child, i) => (
        <Rows key={i} row={child} ctx={inner} />
      ))}
    </>
  );
}

/**
 * Sections of a group: each top-level title starts one (a title with children of its own is
 * their parent, a row of the section it stands in); rows before the first title make their own.
 */
function sectionsOf(rows: PriceRow[]): { title?: PriceRow; rows: PriceRow[] }[] {
  const sections: { title?: PriceRow; rows: PriceRow[] }[] = [];
  for (const row of rows) {
    if (row.kind === 'title' && row.children.length === 0) sections.push({ title: row, rows: [] });
    else if (sections.length === 0) sections.push({ rows: [row] });
    else sections.at(-1)!.rows.push(row);
  }
  return sections;
}

function Table({ group, props }: { group: PriceGroup; props: PriceTableProps }) {
  return (
    <table className="price">
      <caption className="visually-hidden">{group.title ?? UNTITLED}</caption>
      <thead>
        <tr>
          <th scope="col" className="price__code">
            Код
          </th>
          <th scope="col" className="price__name">
            Услуга
          </th>
          <th scope="col" className="price__sum">
            Стоимость
          </th>
        </tr>
      </thead>
      {sectionsOf(group.rows).map((section, i) => {
        const ctx: RowContext = { depth: 0, inheritedUrl: section.title?.url, props };
        return (
          <tbody key={i} className="price__section">
            {section.title && <Rows row={section.title} ctx={{ depth: 0, props }} section />}
            {section.rows.map((row, j) => (
              <Rows key={j} row={row} ctx={ctx} />
            ))}
          </tbody>
        );
      })}
    </table>
  );
}

export function PriceTable(props: PriceTableProps) {
  const { groups, headingLevel = 2, accordion = true } = props;
  const Heading = `h${headingLevel}` as const;
  if (groups.length === 0) return null;
  if (!accordion) {
    const titled = groups.length > 1;
    return (
      <div className="price-list price-list--plain">
        {groups.map((group) => (
          <section key={group.key} className="price-group price-group--plain">
            {titled && <Heading className="price-group__heading">{group.title ?? UNTITLED}</Heading>}
            <Table group={group} props={props} />
          </section>
        ))}
      </div>
    );
  }
  return (
    <div className="price-list">
      {groups.map((group, i) => (
        <details key={group.key} className="price-group" open={i === 0}>
          <summary className="price-group__summary">
            <Heading className="price-group__title">{group.title ?? UNTITLED}</Heading>
            <Icon icon={ChevronDown} size={22} className="price-group__chevron" />
          </summary>
          <div className="price-group__body">
            <Table group={group} props={props} />
          </div>
        </details>
      ))}
    </div>
  );
}
