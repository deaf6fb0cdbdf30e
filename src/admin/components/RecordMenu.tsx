import { Ellipsis } from 'lucide-static';
import { OptionsMenu } from '#src/ui/OptionsMenu.tsx';
import { Icon } from '../kit/Icon.tsx';

/**
 * A record's rarer actions, kept out of the page header's row of working ones (Call, Email)
 * behind one "More actions" button, as Pipedrive and HubSpot keep Delete: it still asks
 * 'Are you sure?' first (the caller's `onDelete`).
 */
export function RecordMenu({ onDelete }: { onDelete: () => void }) {
  return (
    <OptionsMenu
      label="More actions"
      buttonClassName="bo-button bo-button-icon"
      button={
        <>
          <Icon svg={Ellipsis} size={18} />
          <span className="visually-hidden">More actions</span>
        </>
      }
      items={[{ label: 'Delete', tone: 'danger', onSelect: onDelete }]}
    />
  );
}
