import { toast } from '#src/ui/dialogs.ts';
import { PageHeader } from '#src/admin/kit/PageHeader.tsx';
import { redirectList } from '#src/admin/stores/redirects.ts';
import { go } from '#src/admin/stores/router.ts';
import { RedirectForm } from './RedirectForm.tsx';

/** /admin/redirects/create: a new redirect, then back to the list with a toast. */
export function RedirectCreate() {
  return (
    <section>
      <PageHeader
        breadcrumb={[{ label: 'Redirects', href: '/admin/redirects' }]}
        title="Create a redirect"
        description="Send visitors from an old address of the site to the page that replaced it."
      />
      <RedirectForm
        submitLabel="Create redirect"
        onSubmit={async (values) => {
          toast(await redirectList.create(values));
          go('/admin/redirects');
        }}
      />
    </section>
  );
}
