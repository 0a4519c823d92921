import { useEffect } from 'react';
import { Spinner } from '../../components/spinner.tsx';
import { ViewTitle } from '../../components/view-title.tsx';
import { messages } from '../../lib/messages.ts';
import './redirect-view.css';

interface RedirectViewProps {
  /** Where to go; absent while the resolver is still answering. */
  redirect: string | undefined;
  navigate: (url: string) => void;
}

/** View 4: 'Bitte warten...' until the browser leaves for the service. */
export function RedirectView({ redirect, navigate }: RedirectViewProps) {
  // Navigation is the outside system this view exists to hand over to.
  useEffect(() => {
    if (redirect !== undefined) navigate(redirect);
  }, [redirect, navigate]);

  return (
    <section className="redirect" aria-labelledby="view-title">
      <Spinner size="large" />
      <ViewTitle takeFocus>{messages.pleaseWait}</ViewTitle>
    </section>
  );
}
