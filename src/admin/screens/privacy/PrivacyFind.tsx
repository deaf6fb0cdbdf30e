import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { toast } from '#src/ui/dialogs.ts';
import { PageHeader } from '#src/admin/kit/PageHeader.tsx';
import { $privacy, resetFinder } from '#src/admin/stores/privacy.ts';
import { FinderResults, FindForm, usePersonTools } from './PersonFinder.tsx';

/**
 * /admin/privacy/find (Administrators and Brokers): everything held about an email address typed in, to
 * export for a subject-access request or erase after confirming. A request logged in the
 * register does the same from its own page with the address it holds.
 */
export function PrivacyFind() {
  const person = useStore($privacy).person;
  const tools = usePersonTools();
  useEffect(() => resetFinder(), []);
  return (
    <section className="privacy-find">
      <PageHeader
        breadcrumb={[{ label: 'Privacy requests', href: '/admin/privacy' }]}
        title="Find personal data"
        description="Find everything held about a person by their email address, to answer a subject-access request (export) or an erasure request. Each search, export and erasure is recorded in the audit log, without the address."
      />
      <FindForm />
      <FinderResults
        actions={
          person
            ? {
                exporting: tools.exporting,
                onExport: (format) => void tools.exportData(person.email, format),
                onErase: () =>
                  void tools.eraseData(person.email, (erased) =>
                    toast(`Everything held about ${person.email} was erased. Audit reference: privacy-request:${erased.requestId}`, 'Deleted!'),
                  ),
              }
            : undefined
        }
      />
    </section>
  );
}
