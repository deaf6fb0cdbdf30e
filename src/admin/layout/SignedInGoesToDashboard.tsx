import { useEffect, useState, type ReactNode } from 'react';
import { Spinner } from '#src/ui/Spinner.tsx';
import { $router } from '../stores/router.ts';
import { probeSession } from '../stores/session-probe.ts';

/**
 * /admin: someone already signed in goes to the dashboard instead of seeing the sign-in form
 * again; anyone else gets the form once the quiet check has answered.
 */
export function SignedInGoesToDashboard({ children }: { children: ReactNode }) {
  const [checked, setChecked] = useState(false);
  useEffect(() => {
    let live = true;
    void probeSession().then((signedIn) => {
      if (!live) return;
      if (signedIn) $router.open('/admin/dashboard', true);
      else setChecked(true);
    });
    return () => {
      live = false;
    };
  }, []);
  if (!checked) {
    return (
      <div className="bo-loading bo-app">
        <Spinner variant="gear" label="Checking your session" />
      </div>
    );
  }
  return <>{children}</>;
}
