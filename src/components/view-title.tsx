import { useEffect, useRef, type ReactNode } from 'react';

interface ViewTitleProps {
  children: ReactNode;
  /** For views without a field of their own to focus: keyboard and screen reader users land here. */
  takeFocus?: boolean;
}

/** The h1 of a view; the view's form or section is labelled by it. */
export function ViewTitle({ children, takeFocus = false }: ViewTitleProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  // Focus is the outside system here: a view that replaced the one holding focus hands it on.
  // Where the visitor has put focus already (on a pre-rendered page, before React ran), it stays.
  useEffect(() => {
    const { activeElement } = document;
    const unclaimed = activeElement === null || activeElement === document.body;
    if (takeFocus && unclaimed) heading.current?.focus();
  }, [takeFocus]);
  return (
    <h1 id="view-title" className="card__title" tabIndex={-1} ref={heading}>
      {children}
    </h1>
  );
}
