import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { messageOf } from '#src/api/client.ts';
import { showError, toast } from '#src/ui/dialogs.ts';
import { Spinner } from '#src/ui/Spinner.tsx';
import { RecordMenu } from '#src/admin/components/RecordMenu.tsx';
import { deleteRecord } from '#src/admin/delete-flow.ts';
import { formatDateTime } from '#src/admin/format.ts';
import { PageHeader } from '#src/admin/kit/PageHeader.tsx';
import { $currentRedirect, redirectList } from '#src/admin/stores/redirects.ts';
import { go } from '#src/admin/stores/router.ts';
import { hitsLabel, ORIGIN_LABELS } from './redirect-words.ts';
import { RedirectForm } from './RedirectForm.tsx';

/** /admin/redirects/edit/{id}: change a redirect's addresses or kind, or delete it. */
export function RedirectEdit({ id }: { id: string }) {
  const redirect = useStore($currentRedirect);

  useEffect(() => {
    redirectList.select(null);
    redirectList.get(id).catch(async (error: unknown) => {
      await showError(messageOf(error));
      go('/admin/redirects');
    });
  }, [id]);

  if (!redirect || redirect._id !== id) return <Spinner label="Loading the redirect" />;

  const remove = async () => {
    if (await deleteRecord(() => redirectList.remove(id))) go('/admin/redirects');
  };

  return (
    <section>
      <PageHeader
        breadcrumb={[{ label: 'Redirects', href: '/admin/redirects' }]}
        title="Edit a redirect"
        description={`From ${redirect.from}`}
        meta={
          <>
            <span>{ORIGIN_LABELS[redirect.origin]}</span>
            <span>{hitsLabel(redirect.hits)}</span>
            {redirect.lastHitAt && <span>Last followed {formatDateTime(redirect.lastHitAt)}</span>}
          </>
        }
        // Delete where it is on every record: last in More actions.
        actions={<RecordMenu onDelete={() => void remove()} />}
      />
      <RedirectForm
        key={redirect.updatedAt}
        initial={redirect}
        submitLabel="Save changes"
        onSubmit={async (values) => {
          const { message } = await redirectList.update(id, values);
          toast(message);
          go('/admin/redirects');
        }}
      />
    </section>
  );
}
