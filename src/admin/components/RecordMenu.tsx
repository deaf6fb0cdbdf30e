import { Ellipsis } from 'lucide-static';
import { OptionsMenu, type OptionsMenuItem } from '#src/ui/OptionsMenu.tsx';
import { Icon } from '../kit/Icon.tsx';

type Props = {
  /** The record's other rare actions (Suspend account), above Delete. */
  items?: OptionsMenuItem[];
  /** Delete, the menu's last item in the danger colour: the caller's delete asks 'Are you sure?' first (delete-flow.ts). */
  onDelete: () => void;
  /** Delete shown but not offered now (an upload still in use); the page says why. */
  deleteDisabled?: boolean;
};

/**
 * Where Delete lives on every record's page, as on every list's row menu: the last item, in
 * the danger colour, of one "More actions" button in the page header, kept out of the row of
 * working actions (Call, Email, Save) as Ghost, Pipedrive and HubSpot keep it.
 */
export function RecordMenu({ items = [], onDelete, deleteDisabled }: Props) {
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
      items={[...items, { label: 'Delete', tone: 'danger', onSelect: onDelete, ...(deleteDisabled ? { disabled: true } : {}) }]}
    />
  );
}
