// The frame of a route's screen: a section with its header and heading (the route's name), the screen's parts
// below. Each area keeps its own classes; with `titleId` the heading names the section (aria-labelledby).
import type { ReactNode } from 'react';

export interface ScreenFrameProps {
  className: string;
  headerClassName?: string;
  title: ReactNode;
  titleId?: string;
  /** Beside the heading, in the header (a legend, a picker, a button). */
  header?: ReactNode;
  children: ReactNode;
}

export function ScreenFrame({ className, headerClassName, title, titleId, header, children }: ScreenFrameProps) {
  return (
    <section className={className} aria-labelledby={titleId}>
      <header className={headerClassName}>
        <h1 id={titleId}>{title}</h1>
        {header}
      </header>
      {children}
    </section>
  );
}
