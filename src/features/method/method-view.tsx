import type { LoginMethod } from '../../types/login-method.ts';
import { firstViewMessages, METHOD_NAMES } from '../../lib/first-view-messages.ts';
import { ViewTitle } from '../../components/view-title.tsx';

interface MethodViewProps {
  methods: LoginMethod[];
  onChoose: (method: LoginMethod) => void;
}

/**
 * View 0: the service's enabled methods. Each item names its method (`data-method`): before the
 * app runs, the page's first script hides the disabled ones by it (app.css) and holds a choice.
 */
export function MethodView({ methods, onChoose }: MethodViewProps) {
  return (
    <section aria-labelledby="view-title">
      <ViewTitle takeFocus>{firstViewMessages.chooseMethod}</ViewTitle>
      <ul className="method-list">
        {methods.map((method) => (
          <li key={method} data-method={method}>
            <button type="button" className="button button--method" onClick={() => onChoose(method)}>
              {METHOD_NAMES[method]}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
