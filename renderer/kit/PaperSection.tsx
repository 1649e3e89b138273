import './paper.css';

type Level = 2 | 3 | 4;

export interface PaperSectionProps extends Omit<React.HTMLAttributes<HTMLElement>, 'title'> {
  /** The heading's id: the section is labelled by it. */
  titleId: string;
  title: React.ReactNode;
  level: Level;
  /** Beside the title, at the end of its line: tools, how fresh the figures are. */
  aside?: React.ReactNode;
  /** A dimmed line under the title: what the section counts. */
  note?: React.ReactNode;
  children: React.ReactNode;
}

/**
 * A titled, bordered section of a screen, as Mantine's Paper (withBorder, padding md) holding a
 * Title (h4 size) and a Stack would draw it, in plain elements styled by kit/paper.css: a record's
 * page and the home show a dozen at once, and each Mantine component costs its render.
 */
export function PaperSection({ titleId, title, level, aside, note, children, className, ...rest }: PaperSectionProps) {
  const H = `h${level}` as const;
  return (
    <section {...rest} className={className ? `paper-section plain-paper ${className}` : 'paper-section plain-paper'} aria-labelledby={titleId}>
      <div className="paper-section-head">
        <H className="paper-section-title" id={titleId}>{title}</H>
        {aside && <div className="paper-section-aside">{aside}</div>}
      </div>
      {note && <p className="paper-section-note">{note}</p>}
      {children}
    </section>
  );
}
